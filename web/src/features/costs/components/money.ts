import { intlLocale, type Language } from '../../../lib/i18n/format';

/**
 * An amount the service sent as a decimal string, shown in the currency's way. The string goes to Intl as
 * it is (an exact decimal), never through a binary number.
 */
export function formatMoney(language: Language, amount: string, currency: string): string {
  const format = new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency });
  return format.format(amount as unknown as number);
}

/** For drawing only (a bar's length), where a binary number is exact enough. */
export const amountForChart = (amount: string | null) => (amount === null ? 0 : Number(amount));
