import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { QueryState } from '../../../components/QueryState';
import { buildGrid, type GridCell, type GridEmployee } from '../../../components/roster-grid/gridModel';
import { gridText } from '../../../components/roster-grid/gridText';
import { GridLegend, RosterGrid } from '../../../components/roster-grid/RosterGrid';
import { weekday } from '../../../lib/dates';
import { formatDay, localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { useUnit } from '../../../lib/unit';
import { type AllocationRun, useAllocationRunGrid } from '../api';

interface Opened {
  cell: GridCell | null;
  employee: GridEmployee;
  date: string;
}

/** The run's proposal as a roster grid; Enter on a cell shows what it holds. */
export function ProposalGrid({ run }: { run: AllocationRun }) {
  const t = useT();
  const lang = useLanguage();
  const unit = useUnit();
  const grid = useAllocationRunGrid(run.id, run.executions, run.result !== null);
  const model = useMemo(
    () =>
      buildGrid(
        run.from,
        run.to,
        (grid.data?.rows ?? []).map((row) => ({
          employee: row.employee,
          cells: row.cells.map((cell) => ({ ...cell, night: cell.endsNextDay })),
        })),
      ),
    [grid.data, run.from, run.to],
  );
  const [opened, setOpened] = useState<Opened | null>(null);
  // One set of words per language: their caches live as long as it (t is a new function each render).
  // biome-ignore lint/correctness/useExhaustiveDependencies: t follows the language
  const text = useMemo(() => gridText(t, lang), [lang]);
  return (
    <QueryState query={grid}>
      <RosterGrid
        model={model}
        label={t('allocation.grid.label')}
        cornerLabel={t('allocation.grid.employee')}
        {...text}
        isWeekend={(date) => unit.weekendDays.includes(weekday(date))}
        onOpen={(_at, cell, employee, date) => setOpened({ cell, employee, date })}
      />
      <GridLegend
        night={t('allocation.grid.night')}
        lent={t('allocation.grid.lent')}
        fixed={t('allocation.grid.fixed')}
      />
      <Modal
        lockScroll={false}
        closeButtonProps={{ 'aria-label': t('allocation.close') }}
        opened={opened !== null}
        onClose={() => setOpened(null)}
        title={opened ? `${opened.employee.employeeNumber} ${localName(lang, opened.employee)}` : ''}
      >
        {opened && (
          <Stack gap="xs" data-testid="cell-details">
            <Text>{formatDay(lang, opened.date, { weekday: 'long', day: 'numeric', month: 'long' })}</Text>
            {opened.cell ? (
              <>
                <Text>
                  {t('allocation.grid.details', {
                    shift: opened.cell.shiftCode,
                    terminal: opened.cell.terminalCode,
                    skill: opened.cell.skillCode ?? '—',
                  })}
                </Text>
                {opened.cell.night && <Text>☾ {t('allocation.grid.night')}</Text>}
                {opened.cell.lent && <Text>⇄ {t('allocation.grid.lent')}</Text>}
                {opened.cell.fixed && <Text>{t('allocation.grid.fixed')}</Text>}
              </>
            ) : (
              <Text c="dimmed">{t('allocation.grid.off')}</Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(null)}>
                {t('allocation.close')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </QueryState>
  );
}
