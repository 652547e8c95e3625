import { isolated } from '../../core/pdf/bidi.ts';
import type { NoteLine } from '../../core/pdf/grid.ts';
import type { Table, TableCell } from '../../core/report-table.ts';
import { WEEKDAY_NAMES, type WeekdayName } from '../../core/time/dates.ts';
import { hoursPhrase, LABELS, type Labels, nameIn, type ReportLanguage } from './labels.ts';
import type { DailyRosterReport, MonthlyRosterReport } from './schemas.ts';

/**
 * The daily and monthly roster as tables a planner reads at a glance: names of departments, terminals,
 * shifts and skills in the report's language, lent staff named as such; the month with its weekdays,
 * weekends and holidays shaded, leave and days off marked, and a legend of every code, mark and shade.
 */

const WEEKEND_FILL = '#dde3ec';
const HOLIDAY_FILL = '#f6dfbd';
const LEAVE_FILL = '#d5ecd9';

type Department = DailyRosterReport['departments'][number];
type Day = MonthlyRosterReport['days'][number];

const weekdayIndex = (day: Day) => WEEKDAY_NAMES.indexOf(day.weekday as WeekdayName);

/** The departments by name; their codes too in English, and in Arabic for one without an Arabic name. */
const departmentLine = (lang: ReportLanguage, words: Labels, departments: readonly Department[]) =>
  departments.length
    ? departments
        .map((d) =>
          lang === 'ar' && d.nameAr ? d.nameAr : `${nameIn(lang, d.nameEn, d.nameAr)} (${isolated(d.code)})`,
        )
        .join(' · ')
    : words.nothing;

/** A name, and for lent staff the department they come from: "Sara Ali (lent from Cargo)". */
const personName = (
  lang: ReportLanguage,
  english: string,
  arabic: string,
  lentFrom: Department | null,
): string => {
  const name = nameIn(lang, english, arabic);
  return lentFrom
    ? `${name} (${LABELS[lang].lentFrom} ${nameIn(lang, lentFrom.nameEn, lentFrom.nameAr)})`
    : name;
};

/** "Friday", "Friday · Weekend", "Sunday · Holiday: National Day". */
/** A draft says so above everything else, in every form. */
const draftLine = (words: Labels, report: { draft: unknown }) => (report.draft ? [words.draft] : []);

function dayLine(lang: ReportLanguage, day: Day): string {
  const words = LABELS[lang];
  const weekday = words.weekdays[weekdayIndex(day)] ?? day.weekday;
  if (day.holiday)
    return `${weekday} · ${words.holiday}: ${nameIn(lang, day.holiday.nameEn, day.holiday.nameAr)}`;
  return day.weekend ? `${weekday} · ${words.weekend}` : weekday;
}

export function dailyTable(report: DailyRosterReport): Table {
  const lang = report.lang as ReportLanguage;
  const words = LABELS[lang];
  const departments = new Map(report.departments.map((d) => [d.id, d]));
  return {
    lang,
    title: `${words.dailyRoster} ${isolated(report.date)}`,
    subtitle: [
      ...draftLine(words, report),
      dayLine(lang, report.day),
      departmentLine(lang, words, report.departments),
    ],
    sheet: words.dailyRoster,
    columns: [
      { title: words.shift, width: 12 },
      { title: words.time, width: 11 },
      { title: words.terminal, width: 10 },
      { title: words.employeeNumber, width: 9, whole: true },
      { title: words.name, width: 26, wrap: true },
      { title: words.skill, width: 18 },
      { title: words.department, width: 13 },
      { title: words.hours, width: 7, align: 'end' },
    ],
    rows: report.lines.map((line) => {
      const department = departments.get(line.departmentId);
      return [
        nameIn(lang, line.shift.nameEn, line.shift.nameAr),
        `${line.shift.start}–${line.shift.end}`,
        nameIn(lang, line.terminal.nameEn, line.terminal.nameAr),
        line.employee.employeeNumber,
        personName(lang, line.employee.Name_1_English, line.employee.Name_2_Arabic, line.lentFrom),
        // The skill the line asks for, else what the person can do.
        (line.skill ? [line.skill] : line.employeeSkills)
          .map((skill) => nameIn(lang, skill.nameEn, skill.nameAr))
          .join(' · '),
        department ? nameIn(lang, department.nameEn, department.nameAr) : '',
        line.paidHours,
      ];
    }),
    totals: [
      ...report.totals.byShift.map((shift) => [
        nameIn(lang, shift.nameEn, shift.nameAr),
        `${shift.start}–${shift.end}`,
        '',
        '',
        `${words.heads}: ${shift.heads}`,
        '',
        '',
        shift.hours,
      ]),
      [words.total, '', '', '', `${words.heads}: ${report.totals.heads}`, '', '', report.totals.hours],
    ],
  };
}

/** The cell of a day without a shift: leave on its fill, a day off as a dot, else nothing. */
function markCell(words: Labels, mark: MonthlyRosterReport['employees'][number]['marks'][number]): TableCell {
  if (mark === 'LEAVE') return { value: words.leaveMark, fill: LEAVE_FILL };
  return mark === 'OFF' ? words.dayOffMark : '';
}

function legend(report: MonthlyRosterReport, lang: ReportLanguage): NoteLine[] {
  const words = LABELS[lang];
  const shifts = report.shiftCodes.map(
    (shift) =>
      `${isolated(shift.short)} = ${nameIn(lang, shift.nameEn, shift.nameAr)}، ${isolated(`${shift.start}–${shift.end}`)}، ${hoursPhrase(lang, shift.paidHours)}`,
  );
  const weekend = [...new Set(report.days.filter((day) => day.weekend).map(weekdayIndex))]
    .sort((a, b) => a - b)
    .map((index) => words.weekdays[index]);
  const holidays = report.days.flatMap((day) =>
    day.holiday
      ? [
          {
            text: `${words.holiday}: ${isolated(String(Number(day.date.slice(8))))} ${nameIn(lang, day.holiday.nameEn, day.holiday.nameAr)}`,
            swatch: HOLIDAY_FILL,
          },
        ]
      : [],
  );
  return [
    ...(lang === 'ar' ? shifts : shifts.map((line) => line.replaceAll('،', ','))),
    { text: `${words.leaveMark} = ${words.onLeave}`, swatch: LEAVE_FILL },
    `${words.dayOffMark} = ${words.dayOff}`,
    ...(weekend.length
      ? [{ text: `${words.weekend}: ${weekend.join(lang === 'ar' ? '، ' : ', ')}`, swatch: WEEKEND_FILL }]
      : []),
    ...holidays,
  ];
}

export function monthlyTable(report: MonthlyRosterReport): Table {
  const lang = report.lang as ReportLanguage;
  const words = LABELS[lang];
  const shadeOf = (day: Day) => (day.holiday ? HOLIDAY_FILL : day.weekend ? WEEKEND_FILL : undefined);
  return {
    lang,
    title: `${words.monthlyRoster} ${isolated(report.month)}`,
    subtitle: [
      ...draftLine(words, report),
      `${words.period}: ${isolated(`${report.from} – ${report.to}`)}`,
      departmentLine(lang, words, report.departments),
    ],
    sheet: words.monthlyRoster,
    landscape: true,
    fontSize: 6.5,
    columns: [
      // Printed whole: two people must never become one on paper.
      { title: words.employeeNumber, width: 40, xlsxWidth: 14, whole: true },
      { title: words.name, width: 122, xlsxWidth: 28, wrap: true },
      ...report.days.map((day) => {
        const shade = shadeOf(day);
        return {
          title: String(Number(day.date.slice(8))),
          width: 16,
          align: 'center' as const,
          xlsxWidth: 4.5,
          ...(shade ? { shade } : {}),
        };
      }),
      { title: words.shifts, width: 36, align: 'end' as const, xlsxWidth: 9 },
      { title: words.hours, width: 30, align: 'end' as const, xlsxWidth: 9 },
    ],
    headers: [['', '', ...report.days.map((day) => words.weekdayLetters[weekdayIndex(day)] ?? ''), '', '']],
    rows: report.employees.map((row) => [
      row.employee.employeeNumber,
      personName(lang, row.employee.Name_1_English, row.employee.Name_2_Arabic, row.lentFrom),
      ...row.days.map((code, index) => code ?? markCell(words, row.marks[index] ?? null)),
      row.shifts,
      row.hours,
    ]),
    totals: [['', words.total, ...report.totals.perDay, report.totals.shifts, report.totals.hours]],
    notes: { title: words.legend, lines: legend(report, lang) },
  };
}
