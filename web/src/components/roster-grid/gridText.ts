import type { Language } from '../../lib/i18n/format';
import { formatDay, localName } from '../../lib/i18n/format';
import type { useT } from '../../lib/i18n/I18nProvider';
import type { GridCell, GridEmployee } from './gridModel';

/** The words of the roster grid in the reader's language (shared by the proposal and the live roster). */
export function gridText(t: ReturnType<typeof useT>, lang: Language) {
  return {
    employeeName: (employee: GridEmployee) => localName(lang, employee),
    dateHeader: (date: string) => formatDay(lang, date, { weekday: 'short', day: 'numeric' }),
    dateLabel: (date: string) => formatDay(lang, date, { weekday: 'long', day: 'numeric', month: 'long' }),
    cellLabel: (cell: GridCell | null, employee: GridEmployee, date: string) => {
      const who = `${employee.employeeNumber} ${localName(lang, employee)}`;
      const day = formatDay(lang, date, { weekday: 'short', day: 'numeric', month: 'short' });
      if (!cell) return t('runs.grid.cellOff', { who, day });
      const marks = [cell.night ? t('runs.grid.night') : '', cell.lent ? t('runs.grid.lent') : '']
        .filter(Boolean)
        .join(', ');
      return t('runs.grid.cell', {
        who,
        day,
        shift: cell.shiftCode,
        terminal: cell.terminalCode,
        marks: marks ? ` (${marks})` : '',
      });
    },
  };
}
