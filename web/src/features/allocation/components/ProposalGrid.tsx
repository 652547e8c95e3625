import { useMemo, useState } from 'react';
import { QueryState } from '../../../components/QueryState';
import { CellDetails, type OpenedCell } from '../../../components/roster-grid/CellDetails';
import { buildGrid } from '../../../components/roster-grid/gridModel';
import { useGridText } from '../../../components/roster-grid/gridText';
import { GridLegend, RosterGrid } from '../../../components/roster-grid/RosterGrid';
import { weekday } from '../../../lib/dates';
import { useT } from '../../../lib/i18n/I18nProvider';
import { useUnit } from '../../../lib/unit';
import { type AllocationRun, useAllocationRunGrid } from '../api';

/** The run's proposal as a roster grid; Enter on a cell shows what it holds. */
export function ProposalGrid({ run }: { run: AllocationRun }) {
  const t = useT();
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
  const [opened, setOpened] = useState<OpenedCell | null>(null);
  const text = useGridText();
  return (
    <QueryState query={grid}>
      <RosterGrid
        model={model}
        label={t('allocation.grid.label')}
        cornerLabel={t('common.employee')}
        {...text}
        isWeekend={(date) => unit.weekendDays.includes(weekday(date))}
        onOpen={(_at, cell, employee, date) => setOpened({ cell, employee, date })}
      />
      <GridLegend
        night={t('common.grid.night')}
        lent={t('common.grid.lent')}
        fixed={t('common.grid.fixed')}
      />
      <CellDetails opened={opened} onClose={() => setOpened(null)} />
    </QueryState>
  );
}
