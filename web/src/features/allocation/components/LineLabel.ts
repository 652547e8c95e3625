import type { Language } from '../../../lib/i18n/format';
import { formatDay } from '../../../lib/i18n/format';

/** A demand line in words: date, terminal, shift and skill. */
export const lineLabel = (
  lang: Language,
  line: { date: string; terminalCode: string; shiftTemplateCode: string; skillCode: string | null },
) =>
  [formatDay(lang, line.date), line.terminalCode, line.shiftTemplateCode, line.skillCode]
    .filter(Boolean)
    .join(' · ');
