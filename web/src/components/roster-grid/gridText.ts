import { useMemo } from 'react';
import { type CodeNames, useCodeNames } from '../../lib/api/lookups';
import { intlLocale, type Language, localName } from '../../lib/i18n/format';
import { useLanguage, useT } from '../../lib/i18n/I18nProvider';
import type { GridCell, GridEmployee } from './gridModel';

/**
 * The words of the roster grid in the reader's language (shared by the proposal and the live roster).
 * Formatters are made once and each date's words once: a scrolled grid asks for hundreds a frame, and
 * making an `Intl.DateTimeFormat` each time costs more than the frame.
 */
export function gridText(t: ReturnType<typeof useT>, lang: Language, names: CodeNames) {
  const format = (options: Intl.DateTimeFormatOptions) => {
    const formatter = new Intl.DateTimeFormat(intlLocale(lang), { ...options, timeZone: 'UTC' });
    const cache = new Map<string, string>();
    return (date: string) => {
      let text = cache.get(date);
      if (text === undefined) {
        text = formatter.format(new Date(`${date}T00:00:00Z`));
        cache.set(date, text);
      }
      return text;
    };
  };
  const header = format({ weekday: 'short', day: 'numeric' });
  const long = format({ weekday: 'long', day: 'numeric', month: 'long' });
  const short = format({ weekday: 'short', day: 'numeric', month: 'short' });
  const night = t('common.grid.night');
  const lent = t('common.grid.lent');
  return {
    employeeName: (employee: GridEmployee) => localName(lang, employee),
    dateHeader: header,
    dateLabel: long,
    cellLabel: (cell: GridCell | null, employee: GridEmployee, date: string) => {
      const who = `${employee.employeeNumber} ${localName(lang, employee)}`;
      const day = short(date);
      if (!cell) return t('common.grid.cellOff', { who, day });
      const marks = [cell.night ? night : '', cell.lent ? lent : ''].filter(Boolean).join(', ');
      return t('common.grid.cell', {
        who,
        day,
        shift: names.shift(cell.shiftCode),
        terminal: names.terminal(cell.terminalCode),
        marks: marks ? ` (${marks})` : '',
      });
    },
  };
}

/** The grid's words in the reader's language, made again only when the language changes. */
export function useGridText() {
  const t = useT();
  const lang = useLanguage();
  const names = useCodeNames();
  // Their caches live as long as the language (t is a new function each render).
  // biome-ignore lint/correctness/useExhaustiveDependencies: t follows the language
  return useMemo(() => gridText(t, lang, names), [lang, names]);
}
