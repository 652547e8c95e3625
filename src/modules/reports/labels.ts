/** The words of the report files in each language; names and figures come from the data. */
export const REPORT_LANGUAGES = ['en', 'ar'] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];

export const LABELS = {
  en: {
    dailyRoster: 'Daily roster',
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
    page: 'Page',
    of: 'of',
  },
  ar: {
    dailyRoster: 'جدول المناوبات اليومي',
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
    page: 'صفحة',
    of: 'من',
  },
} as const satisfies Record<ReportLanguage, Record<string, string>>;

export type Labels = (typeof LABELS)[ReportLanguage];

/** A name in the report's language, the other language's when it has none. */
export const nameIn = (lang: ReportLanguage, english: string, arabic: string | null | undefined) =>
  lang === 'ar' ? arabic || english : english;
