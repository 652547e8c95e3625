import type { Schemas } from '../lib/api/client';
import { useCodeNames } from '../lib/api/lookups';
import { formatDay, formatNumber } from '../lib/i18n/format';
import { type MessageId, useLanguage, useT } from '../lib/i18n/I18nProvider';

/** A limit the checker finds a person near, as the compliance list and the grid's figures both carry it. */
export type LimitWarning = Schemas['ComplianceWarning'] | Schemas['RosterLimitWarning'];

/** A warning in the reader's words: the limit, how near, and when; `days` names a list of dates. */
export function useWarningText() {
  const t = useT();
  const lang = useLanguage();
  const names = useCodeNames();
  return (warning: LimitWarning, days: (dates: string[]) => string) => {
    const last = warning.dates.at(-1) ?? warning.validTo ?? '';
    const text = t(`compliance.warning.${warning.rule}` as MessageId, {
      value: formatNumber(lang, warning.value ?? 0),
      limit: formatNumber(lang, warning.limit ?? 0),
      day: last ? formatDay(lang, last) : '',
      first: warning.dates[0] ? formatDay(lang, warning.dates[0]) : '',
      certification: warning.certification ? names.certification(warning.certification) : '',
      validTo: warning.validTo ? formatDay(lang, warning.validTo) : '',
    });
    return warning.rule === 'CERTIFICATION_EXPIRES' && warning.dates.length
      ? `${text} ${t('compliance.neededAfter', { days: days(warning.dates) })}`
      : text;
  };
}
