import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCodeNames } from '../../lib/api/lookups';
import { formatDay, localName } from '../../lib/i18n/format';
import { useLanguage, useT } from '../../lib/i18n/I18nProvider';
import type { GridCell, GridEmployee } from './gridModel';

/** The cell a person opened (Enter or a click): whose, which day, and what it holds. */
export interface OpenedCell {
  cell: GridCell | null;
  employee: GridEmployee;
  date: string;
}

/**
 * What an opened cell holds: the shift, terminal and skill, and its marks. A grid that may change the
 * cell puts its notices in `children` and its buttons in `actions`, beside Close.
 */
export function CellDetails({
  opened,
  onClose,
  children,
  actions,
}: {
  opened: OpenedCell | null;
  onClose: () => void;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const t = useT();
  const lang = useLanguage();
  const names = useCodeNames();
  return (
    <Modal
      lockScroll={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={opened !== null}
      onClose={onClose}
      title={opened ? `${opened.employee.employeeNumber} ${localName(lang, opened.employee)}` : ''}
    >
      {opened && (
        <Stack gap="xs" data-testid="cell-details">
          <Text>{formatDay(lang, opened.date, { weekday: 'long', day: 'numeric', month: 'long' })}</Text>
          {opened.cell ? (
            <Text>
              {t('common.grid.details', {
                shift: names.shift(opened.cell.shiftCode),
                terminal: names.terminal(opened.cell.terminalCode),
                skill: opened.cell.skillCode ? names.skill(opened.cell.skillCode) : '—',
              })}
            </Text>
          ) : (
            <Text c="dimmed">{t('common.grid.off')}</Text>
          )}
          {opened.cell?.night && <Text>☾ {t('common.grid.night')}</Text>}
          {opened.cell?.lent && <Text>⇄ {t('common.grid.lent')}</Text>}
          {opened.cell?.fixed && <Text>{t('common.grid.fixed')}</Text>}
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.close')}
            </Button>
            {actions}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
