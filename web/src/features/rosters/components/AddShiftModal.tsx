import { Button, Group, Modal, Radio, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { type GridEmployee, isNight } from '../../../components/roster-grid/gridModel';
import { useGridText } from '../../../components/roster-grid/gridText';
import { useCatalogue, useCodeNames, useShiftTemplates } from '../../../lib/api/lookups';
import { formatDay, formatNumber, localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import type { RosterEdit, RosterGap } from '../api';
import type { ShownShift } from '../editing';

export interface AddingCell {
  employee: GridEmployee;
  date: string;
}

/**
 * A shift for an empty cell: one the day's demand still needs (its shift, terminal and skill), or any
 * shift at any terminal. The change is checked by the service as soon as it is made.
 */
export function AddShiftModal({
  adding,
  gaps,
  onAdd,
  onClose,
}: {
  adding: AddingCell | null;
  /** The open demand of the shown period (the day's is offered first). */
  gaps: RosterGap[];
  onAdd: (edit: Extract<RosterEdit, { kind: 'add' }>, placed: ShownShift) => void;
  onClose: () => void;
}) {
  const t = useT();
  const lang = useLanguage();
  const text = useGridText();
  const names = useCodeNames();
  const templates = useShiftTemplates();
  const terminals = useCatalogue('terminals');
  const [source, setSource] = useState<'demand' | 'other'>('demand');
  const [lineId, setLineId] = useState<string | null>(null);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [terminalId, setTerminalId] = useState<string | null>(null);
  const needed = adding ? gaps.filter((gap) => gap.date === adding.date) : [];
  const kind = needed.length ? source : 'other';
  const close = () => {
    setLineId(null);
    setTemplateId(null);
    setTerminalId(null);
    setSource('demand');
    onClose();
  };
  const add = () => {
    if (!adding) return;
    const base = { kind: 'add' as const, employeeId: adding.employee.id, date: adding.date };
    const cell = { date: adding.date, lent: false };
    if (kind === 'demand') {
      const gap = needed.find((item) => item.demandLineId === lineId);
      if (!gap) return;
      onAdd(
        { ...base, demandLineId: gap.demandLineId },
        {
          employee: adding.employee,
          cell: {
            ...cell,
            shiftCode: gap.shift.code,
            terminalCode: gap.terminal.code,
            skillCode: gap.skill?.code ?? null,
            night: gap.shift.endsNextDay,
            demandLineId: gap.demandLineId,
          },
        },
      );
    } else {
      const template = templates.data?.find((item) => item.id === templateId);
      const terminal = terminals.data?.find((item) => item.id === terminalId);
      if (!template || !terminal) return;
      onAdd(
        { ...base, shiftTemplateId: template.id, terminalId: terminal.id },
        {
          employee: adding.employee,
          cell: {
            ...cell,
            shiftCode: template.code,
            terminalCode: terminal.code,
            skillCode: null,
            night: isNight(template.startTime, template.endTime),
            demandLineId: null,
          },
        },
      );
    }
    close();
  };
  const ready = kind === 'demand' ? lineId !== null : templateId !== null && terminalId !== null;
  return (
    <Modal
      opened={adding !== null}
      onClose={close}
      title={t('rosters.edit.addTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      // No scroll lock: the library behind it injects a <style> without the CSP nonce.
      lockScroll={false}
      data-testid="add-shift"
    >
      {adding && (
        <Stack gap="sm">
          <Text size="sm">
            {text.employeeName(adding.employee)} ·{' '}
            {formatDay(lang, adding.date, { weekday: 'long', day: 'numeric', month: 'long' })}
          </Text>
          {needed.length > 0 && (
            <Radio.Group
              value={kind}
              onChange={(value) => setSource(value as 'demand' | 'other')}
              label={t('rosters.edit.source')}
            >
              <Group gap="md" mt={4}>
                <Radio value="demand" label={t('rosters.edit.fromDemand')} />
                <Radio value="other" label={t('rosters.edit.otherShift')} />
              </Group>
            </Radio.Group>
          )}
          {kind === 'demand' ? (
            <Select
              label={t('rosters.edit.neededLine')}
              data={needed.map((gap) => ({
                value: gap.demandLineId,
                label: t('rosters.edit.neededOption', {
                  shift: names.shift(gap.shift.code),
                  start: gap.shift.start,
                  end: gap.shift.end,
                  terminal: names.terminal(gap.terminal.code),
                  skill: gap.skill ? ` · ${names.skill(gap.skill.code)}` : '',
                  missing: formatNumber(lang, gap.missing),
                }),
              }))}
              value={lineId}
              onChange={setLineId}
              data-autofocus
              data-testid="add-line"
            />
          ) : (
            <>
              {needed.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t('rosters.edit.nothingNeeded')}
                </Text>
              )}
              <Select
                label={t('rosters.edit.template')}
                data={(templates.data ?? [])
                  .filter((item) => item.isActive)
                  .map((item) => ({
                    value: item.id,
                    label: `${localName(lang, item)} (${item.startTime}–${item.endTime})`,
                  }))}
                value={templateId}
                onChange={setTemplateId}
                searchable
                data-autofocus
                data-testid="add-template"
              />
              <Select
                label={t('rosters.edit.terminal')}
                data={(terminals.data ?? [])
                  .filter((item) => item.isActive)
                  .map((item) => ({ value: item.id, label: localName(lang, item) }))}
                value={terminalId}
                onChange={setTerminalId}
                searchable
                data-testid="add-terminal"
              />
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button onClick={add} disabled={!ready} data-testid="add-confirm">
              {t('rosters.edit.add')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
