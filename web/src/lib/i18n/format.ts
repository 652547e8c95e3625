/**
 * Dates and numbers through `Intl`: business dates (`YYYY-MM-DD`) are calendar days of the unit and are
 * printed as such (no time-zone shift); instants are printed in the unit's time zone. Arabic uses the
 * Gregorian calendar and Latin digits, as the operation's rosters, boarding passes and clocks do; the
 * Hijri date is shown beside, never instead.
 */
export type Language = 'en' | 'ar';

export const intlLocale = (language: Language) => (language === 'ar' ? 'ar-u-ca-gregory-nu-latn' : 'en-GB');

const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);

let hijriBeside = false;

/**
 * Whether dates in full show the Hijri (Umm al-Qura) date beside the Gregorian one: the signed-in
 * person's choice (`showHijri` of their profile), set as the profile arrives, before a screen prints one.
 */
export const hijriDates = {
  get: (): boolean => hijriBeside,
  set(on: boolean): void {
    hijriBeside = on;
  },
};

const IN_FULL: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

/**
 * A business date, by default in full (day, month and year); a date in full is followed by its Hijri
 * date when the reader chose so: `2 ديسمبر 2026 (22 جمادى الآخرة 1448 هـ)`.
 */
export function formatDay(language: Language, day: string, options: Intl.DateTimeFormatOptions = {}): string {
  const shown = Object.keys(options).length ? options : IN_FULL;
  const gregorian = new Intl.DateTimeFormat(intlLocale(language), { ...shown, timeZone: 'UTC' }).format(
    dateOf(day),
  );
  const inFull = shown.day !== undefined && shown.month !== undefined && shown.year !== undefined;
  return hijriBeside && inFull ? `${gregorian} (${formatHijriDay(language, day)})` : gregorian;
}

/** A business date in the Umm al-Qura calendar, in the reader's language and Latin digits. */
export function formatHijriDay(language: Language, day: string): string {
  const base = language === 'ar' ? 'ar' : 'en-GB';
  return new Intl.DateTimeFormat(`${base}-u-ca-islamic-umalqura-nu-latn`, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(dateOf(day));
}

export function formatInstant(language: Language, instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    hourCycle: 'h23',
    timeZone,
  }).format(new Date(instant));
}

export function formatNumber(
  language: Language,
  value: number,
  options: Intl.NumberFormatOptions = {},
): string {
  return new Intl.NumberFormat(intlLocale(language), options).format(value);
}

/** Items joined as the reader's language joins them ("a, b and c"; "أ وب وج"). */
export function formatList(language: Language, items: readonly string[]): string {
  return new Intl.ListFormat(intlLocale(language)).format(items);
}

/**
 * An amount the service sent as a decimal string, shown in the currency's way. The string goes to Intl as
 * it is (an exact decimal), never through a binary number.
 */
export function formatMoney(
  language: Language,
  amount: string,
  currency: string,
  options: Pick<Intl.NumberFormatOptions, 'signDisplay'> = {},
): string {
  const format = new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency, ...options });
  return format.format(amount as unknown as number);
}

/** Weekday names starting from `weekStart` (0 = Sunday), short or long. */
export function weekdayNames(
  language: Language,
  weekStart: number,
  width: 'short' | 'long' | 'narrow',
): string[] {
  const format = new Intl.DateTimeFormat(intlLocale(language), { weekday: width, timeZone: 'UTC' });
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => format.format(dateOf(`2023-01-0${1 + ((weekStart + i) % 7)}`)));
}

export function monthTitle(language: Language, month: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(dateOf(`${month}-01`));
}

/** A bilingual record's name in the reader's language (Arabic when it has one). */
export function localName(
  language: Language,
  record: { Name_1_English?: string; Name_2_Arabic?: string | null; nameEn?: string; nameAr?: string | null },
): string {
  const english = record.Name_1_English ?? record.nameEn ?? '';
  const arabic = record.Name_2_Arabic ?? record.nameAr ?? null;
  return language === 'ar' && arabic ? arabic : english;
}

/**
 * A name or a date set inside a sentence, isolated from it (U+2068 … U+2069, what a `bdi` does): a Latin
 * name or a date's digits in an Arabic sentence keep their own order and leave the sentence's alone.
 */
export const isolated = (text: string) => `\u2068${text}\u2069`;
