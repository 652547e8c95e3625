import { type GridColumn, renderGrid } from '../../core/pdf/grid.ts';
import { isolated } from '../../core/pdf/text.ts';
import { writeXlsx, type XlsxCell, type XlsxColumn } from '../../core/xlsx/index.ts';
import type { Variance } from '../reconciliation/schemas.ts';
import { LABELS, type Labels, nameIn, type ReportLanguage } from './labels.ts';
import type { DailyRosterReport, MonthlyRosterReport } from './schemas.ts';

/**
 * The report files: the same figures as the JSON answers, as an xlsx (streaming writer, right-to-left
 * sheet for Arabic, header frozen, dates as dates) and as a PDF grid (mirrored for Arabic).
 */

const DATE_FORMAT = 'yyyy-mm-dd';
const asDate = (date: string) => new Date(`${date}T00:00:00Z`);
const hours = (value: number) => String(Math.round(value * 100) / 100);
const direction = (lang: ReportLanguage) => (lang === 'ar' ? 'rtl' : 'ltr');

/** What each file of a report needs: its columns, its rows, and its words. */
interface Table {
  lang: ReportLanguage;
  title: string;
  subtitle: string[];
  sheet: string;
  columns: (GridColumn & { xlsxWidth?: number; date?: boolean })[];
  rows: XlsxCell[][];
  totals: XlsxCell[][];
  notes?: { title: string; lines: string[] };
  landscape?: boolean;
  fontSize?: number;
}

const departmentLine = (
  lang: ReportLanguage,
  words: Labels,
  departments: DailyRosterReport['departments'],
) =>
  departments.length
    ? departments.map((d) => `${nameIn(lang, d.nameEn, d.nameAr)} (${isolated(d.code)})`).join(' · ')
    : words.nothing;

function dailyTable(report: DailyRosterReport): Table {
  const lang = report.lang as ReportLanguage;
  const words = LABELS[lang];
  const names = new Map(report.departments.map((d) => [d.id, d.code]));
  return {
    lang,
    title: `${words.dailyRoster} ${isolated(report.date)}`,
    subtitle: [departmentLine(lang, words, report.departments)],
    sheet: words.dailyRoster,
    columns: [
      { title: words.shift, width: 14 },
      { title: words.time, width: 11 },
      { title: words.terminal, width: 14 },
      { title: words.employeeNumber, width: 10 },
      { title: words.name, width: 30 },
      { title: words.department, width: 10 },
      { title: words.hours, width: 7, align: 'end' },
    ],
    rows: report.lines.map((line) => [
      nameIn(lang, line.shift.nameEn, line.shift.nameAr),
      `${line.shift.start}–${line.shift.end}`,
      nameIn(lang, line.terminal.nameEn, line.terminal.nameAr),
      line.employee.employeeNumber,
      nameIn(lang, line.employee.Name_1_English, line.employee.Name_2_Arabic),
      names.get(line.departmentId) ?? '',
      line.paidHours,
    ]),
    totals: [
      ...report.totals.byShift.map((shift) => [
        nameIn(lang, shift.nameEn, shift.nameAr),
        `${shift.start}–${shift.end}`,
        '',
        '',
        `${words.heads}: ${shift.heads}`,
        '',
        shift.hours,
      ]),
      [words.total, '', '', '', `${words.heads}: ${report.totals.heads}`, '', report.totals.hours],
    ],
  };
}

function monthlyTable(report: MonthlyRosterReport): Table {
  const lang = report.lang as ReportLanguage;
  const words = LABELS[lang];
  return {
    lang,
    title: `${words.monthlyRoster} ${isolated(report.month)}`,
    subtitle: [
      `${words.period}: ${isolated(`${report.from} – ${report.to}`)}`,
      departmentLine(lang, words, report.departments),
    ],
    sheet: words.monthlyRoster,
    landscape: true,
    fontSize: 6.5,
    columns: [
      { title: words.employeeNumber, width: 40, xlsxWidth: 10 },
      { title: words.name, width: 122, xlsxWidth: 28 },
      ...report.dates.map((date) => ({
        title: String(Number(date.slice(8))),
        width: 16,
        align: 'center' as const,
        xlsxWidth: 4.5,
      })),
      { title: words.shifts, width: 36, align: 'end' as const, xlsxWidth: 9 },
      { title: words.hours, width: 30, align: 'end' as const, xlsxWidth: 9 },
    ],
    rows: report.employees.map((row) => [
      row.employee.employeeNumber,
      nameIn(lang, row.employee.Name_1_English, row.employee.Name_2_Arabic),
      ...row.days.map((code) => code ?? ''),
      row.shifts,
      row.hours,
    ]),
    totals: [['', words.total, ...report.totals.perDay, report.totals.shifts, report.totals.hours]],
    notes: {
      title: words.shiftCodes,
      lines: report.shiftCodes.map(
        (shift) =>
          `${isolated(shift.short)} = ${nameIn(lang, shift.nameEn, shift.nameAr)} ${isolated(`${shift.start}–${shift.end}`)} (${isolated(hours(shift.paidHours))} ${words.hours})`,
      ),
    },
  };
}

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

async function workbook(table: Table): Promise<Buffer> {
  const columns: XlsxColumn[] = table.columns.map((column) => ({
    header: column.title,
    width: column.xlsxWidth ?? Math.max(10, column.width),
    ...(column.date ? { numberFormat: DATE_FORMAT } : {}),
  }));
  const dateColumns = table.columns.flatMap((column, index) => (column.date ? [index] : []));
  const asCells = (row: XlsxCell[]) =>
    row.map((cell, index) =>
      dateColumns.includes(index) && typeof cell === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(cell)
        ? asDate(cell)
        : cell,
    );
  const bytes = await writeXlsx([
    {
      name: table.sheet.slice(0, 31),
      rightToLeft: table.lang === 'ar',
      columns,
      rows: [...table.rows, ...table.totals].map(asCells),
    },
  ]);
  return bytes!;
}

const text = (cell: XlsxCell) =>
  cell === null || cell === undefined ? '' : typeof cell === 'number' ? hours(cell) : String(cell);

function pdf(table: Table): Promise<Buffer> {
  const words = LABELS[table.lang];
  return renderGrid({
    direction: direction(table.lang),
    landscape: table.landscape ?? false,
    title: table.title,
    subtitle: table.subtitle,
    columns: table.columns,
    rows: table.rows.map((row) => row.map(text)),
    totals: table.totals.map((row) => row.map(text)),
    ...(table.notes ? { notes: table.notes } : {}),
    pageWords: { page: words.page, of: words.of },
    fontSize: table.fontSize ?? 8,
  });
}

export const dailyRosterWorkbook = (report: DailyRosterReport) => workbook(dailyTable(report));
export const dailyRosterPdf = (report: DailyRosterReport) => pdf(dailyTable(report));
export const monthlyRosterWorkbook = (report: MonthlyRosterReport) => workbook(monthlyTable(report));
export const monthlyRosterPdf = (report: MonthlyRosterReport) => pdf(monthlyTable(report));
export const varianceWorkbook = (report: Variance, lang: ReportLanguage) =>
  workbook(varianceTable(report, lang));
export const variancePdf = (report: Variance, lang: ReportLanguage) => pdf(varianceTable(report, lang));
