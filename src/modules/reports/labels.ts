import { isolated } from '../../core/pdf/bidi.ts';

/** The words of the report files in each language; names and figures come from the data. */
export const REPORT_LANGUAGES = ['en', 'ar'] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];

export const LABELS = {
  en: {
    dailyRoster: 'Daily roster',
    draft: 'DRAFT, not published',
    monthlyRoster: 'Monthly roster',
    variance: 'Variance: required, planned and actual heads',
    date: 'Date',
    shift: 'Shift',
    time: 'Time',
    terminal: 'Terminal',
    employeeNumber: 'No.',
    name: 'Name',
    department: 'Department',
    hours: 'Hours',
    shifts: 'Shifts',
    heads: 'Heads',
    required: 'Required',
    planned: 'Planned',
    actual: 'Actual',
    plannedGap: 'Planned − required',
    attendanceGap: 'Actual − planned',
    total: 'Total',
    allDepartments: 'All departments in scope',
    shiftCodes: 'Shift codes',
    period: 'Period',
    generated: 'Generated',
    nothing: 'Nothing was published for this period.',
    skill: 'Skill',
    weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    weekdayLetters: ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'],
    leaveMark: 'L',
    onLeave: 'on leave',
    dayOffMark: '·',
    dayOff: 'day off',
    weekend: 'Weekend',
    holiday: 'Holiday',
    lentFrom: 'lent from',
    legend: 'Legend',
  },
  ar: {
    dailyRoster: 'جدول المناوبات اليومي',
    draft: 'مسودة غير منشورة',
    monthlyRoster: 'جدول المناوبات الشهري',
    variance: 'الفروقات: العدد المطلوب والمخطط والفعلي',
    date: 'التاريخ',
    shift: 'المناوبة',
    time: 'الوقت',
    terminal: 'المبنى',
    employeeNumber: 'الرقم',
    name: 'الاسم',
    department: 'القسم',
    hours: 'الساعات',
    shifts: 'المناوبات',
    heads: 'العدد',
    required: 'المطلوب',
    planned: 'المخطط',
    actual: 'الفعلي',
    plannedGap: 'المخطط − المطلوب',
    attendanceGap: 'الفعلي − المخطط',
    total: 'المجموع',
    allDepartments: 'كل الأقسام ضمن الصلاحية',
    shiftCodes: 'رموز المناوبات',
    period: 'الفترة',
    generated: 'تاريخ الإعداد',
    nothing: 'لم يُنشر جدول لهذه الفترة.',
    skill: 'المهارة',
    weekdays: ['الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة', 'السبت'],
    // The one-letter days of Arabic calendars: أحد، اثنين، ثلاثاء، أربعاء، خميس، جمعة، سبت.
    weekdayLetters: ['ح', 'ن', 'ث', 'ر', 'خ', 'ج', 'س'],
    leaveMark: 'إ',
    onLeave: 'إجازة',
    dayOffMark: '·',
    dayOff: 'راحة',
    weekend: 'عطلة نهاية الأسبوع',
    holiday: 'عطلة رسمية',
    lentFrom: 'معار من',
    legend: 'دليل الرموز',
  },
} as const satisfies Record<ReportLanguage, Record<string, string | readonly string[]>>;

export type Labels = (typeof LABELS)[ReportLanguage];

/** A name in the report's language, the other language's when it has none. */
export const nameIn = (lang: ReportLanguage, english: string, arabic: string | null | undefined) =>
  lang === 'ar' ? arabic || english : english;

/**
 * "8 hours" as the report's language says it. Arabic counts agree with their number: one hour is
 * "ساعة واحدة", two "ساعتان", three to ten take the plural "ساعات", and any other count (11 and up, a
 * fraction) the singular "ساعة". The figure keeps its Latin digits, isolated in left-to-right order.
 */
export function hoursPhrase(lang: ReportLanguage, hours: number): string {
  const figure = String(Math.round(hours * 100) / 100);
  if (lang === 'en') return `${figure} ${hours === 1 ? 'hour' : 'hours'}`;
  if (hours === 1) return 'ساعة واحدة';
  if (hours === 2) return 'ساعتان';
  const plural = Number.isInteger(hours) && hours >= 3 && hours <= 10;
  return `${isolated(figure)} ${plural ? 'ساعات' : 'ساعة'}`;
}
