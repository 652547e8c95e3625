import { isolated } from '../../core/pdf/bidi.ts';
import { pdf, type Table, workbook } from '../../core/report-table.ts';
import type { Variance } from '../reconciliation/schemas.ts';
import { LABELS, nameIn, type ReportLanguage } from './labels.ts';
import { dailyTable, monthlyTable } from './roster-tables.ts';
import type { DailyRosterReport, MonthlyRosterReport } from './schemas.ts';

/** The report files: the same figures as the JSON answers, as an xlsx and as a PDF grid. */

function varianceTable(report: Variance, lang: ReportLanguage): Table {
  const words = LABELS[lang];
  return {
    lang,
    title: words.variance,
    subtitle: [`${words.period}: ${isolated(`${report.from} – ${report.to}`)}`],
    sheet: words.variance.split(':')[0]!,
    columns: [
      { title: words.date, width: 12, date: true },
      { title: words.terminal, width: 14 },
      { title: words.shift, width: 14 },
      { title: words.required, width: 9, align: 'end' },
      { title: words.planned, width: 9, align: 'end' },
      { title: words.actual, width: 9, align: 'end' },
      { title: words.plannedGap, width: 12, align: 'end' },
      { title: words.attendanceGap, width: 12, align: 'end' },
    ],
    rows: report.lines.map((line) => [
      line.date,
      nameIn(lang, line.terminal.nameEn, line.terminal.nameAr),
      nameIn(lang, line.shift.nameEn, line.shift.nameAr),
      line.required,
      line.planned,
      line.actual,
      line.plannedGap,
      line.attendanceGap,
    ]),
    totals: [
      [
        words.total,
        '',
        '',
        report.totals.required,
        report.totals.planned,
        report.totals.actual,
        report.totals.planned - report.totals.required,
        report.totals.actual - report.totals.planned,
      ],
    ],
  };
}

export const dailyRosterWorkbook = (report: DailyRosterReport) => workbook(dailyTable(report));
export const dailyRosterPdf = (report: DailyRosterReport) => pdf(dailyTable(report));
export const monthlyRosterWorkbook = (report: MonthlyRosterReport) => workbook(monthlyTable(report));
export const monthlyRosterPdf = (report: MonthlyRosterReport) => pdf(monthlyTable(report));
export const varianceWorkbook = (report: Variance, lang: ReportLanguage) =>
  workbook(varianceTable(report, lang));
export const variancePdf = (report: Variance, lang: ReportLanguage) => pdf(varianceTable(report, lang));
