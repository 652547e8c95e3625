import type { CodeNames } from '../../../lib/api/lookups';
import type { Language } from '../../../lib/i18n/format';
import { formatDay } from '../../../lib/i18n/format';

/** A demand line in words: date, terminal, shift and skill. */
export const lineLabel = (
  lang: Language,
  line: { date: string; terminalCode: string; shiftTemplateCode: string; skillCode: string | null },
  names: CodeNames,
) =>
  [
    formatDay(lang, line.date),
    names.terminal(line.terminalCode),
    names.shift(line.shiftTemplateCode),
    line.skillCode && names.skill(line.skillCode),
  ]
    .filter(Boolean)
    .join(' · ');
