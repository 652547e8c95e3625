import { isolated } from '../../core/pdf/bidi.ts';
import { pdf, type Table, workbook } from '../../core/report-table.ts';
import type { MonthCostOverview } from './schemas.ts';

/** The words of the labour cost report in each language; names and figures come from the data. */
const WORDS = {
  en: {
    title: 'Labour cost against budget',
    sheet: 'Labour cost',
    month: 'Month',
    currency: 'Currency',
    department: 'Department',
    budget: 'Budget',
    base: 'Base pay',
    night: 'Night',
    weekend: 'Weekend',
    holiday: 'Holiday',
    overtime: 'Overtime',
    planned: 'Planned',
    actual: 'Actual',
    plannedShare: 'Planned % of budget',
    actualShare: 'Actual % of budget',
    none: '—',
  },
  ar: {
    title: 'تكلفة العمالة مقابل الميزانية',
    sheet: 'تكلفة العمالة',
    month: 'الشهر',
    currency: 'العملة',
    department: 'القسم',
    budget: 'الميزانية',
    base: 'الأجر الأساسي',
    night: 'ليلي',
    weekend: 'نهاية الأسبوع',
    holiday: 'العطلات',
    overtime: 'إضافي',
    planned: 'المخطط',
    actual: 'الفعلي',
    plannedShare: 'المخطط % من الميزانية',
    actualShare: 'الفعلي % من الميزانية',
    none: '—',
  },
} as const;

export type CostReportLanguage = keyof typeof WORDS;

/**
 * One row per department: budget, the planned cost in its parts and in total, the actual total and both
 * against the budget. Amounts are the API's exact decimal strings, in both files.
 */
function costTable(report: MonthCostOverview, lang: CostReportLanguage): Table {
  const words = WORDS[lang];
  const amount = (title: string) => ({ title, width: 11, align: 'end' as const });
  return {
    lang,
    title: words.title,
    subtitle: [`${words.month}: ${isolated(report.month)}`, `${words.currency}: ${report.currency}`],
    sheet: words.sheet,
    landscape: true,
    columns: [
      { title: words.department, width: 18 },
      amount(words.budget),
      amount(words.base),
      amount(words.night),
      amount(words.weekend),
      amount(words.holiday),
      amount(words.overtime),
      amount(words.planned),
      amount(words.actual),
      amount(words.plannedShare),
      amount(words.actualShare),
    ],
    rows: report.departments.map((row) => [
      lang === 'ar' && row.department.nameAr ? row.department.nameAr : row.department.nameEn,
      row.budget ?? words.none,
      row.planned.base,
      row.planned.night,
      row.planned.weekend,
      row.planned.holiday,
      row.planned.overtime,
      row.planned.total,
      row.actual.total,
      row.plannedShareOfBudget ?? words.none,
      row.actualShareOfBudget ?? words.none,
    ]),
    totals: [],
  };
}

export const costWorkbook = (report: MonthCostOverview, lang: CostReportLanguage) =>
  workbook(costTable(report, lang));
export const costPdf = (report: MonthCostOverview, lang: CostReportLanguage) => pdf(costTable(report, lang));
