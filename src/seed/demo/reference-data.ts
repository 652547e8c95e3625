import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.ts';
import {
  attendanceStatuses,
  certificationTypes,
  demandReasons,
  employees,
  grades,
  holidays,
  holidayTypes,
  shiftPatternDays,
  shiftPatterns,
  shiftTemplates,
  shiftTypes,
  skillCategories,
  skills,
  terminals,
  workingHourModifiers,
} from '../../core/db/tables/index.ts';
import type { LookupTable } from '../../modules/lookups/repository.ts';
import type { DemoContext, DemoStep } from './index.ts';

async function idOf(tx: Executor, table: LookupTable, buId: string, code: string): Promise<string> {
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.buId, buId), eq(table.code, code)));
  if (!row) throw new Error(`Demo reference row ${code} is missing`);
  return row.id;
}

const GRADES = [
  { code: 'G1', nameEn: 'Trainee', nameAr: 'متدرب' },
  { code: 'G2', nameEn: 'Agent', nameAr: 'موظف' },
  { code: 'G3', nameEn: 'Senior agent', nameAr: 'موظف أول' },
  { code: 'G4', nameEn: 'Supervisor', nameAr: 'مشرف' },
  { code: 'G5', nameEn: 'Manager', nameAr: 'مدير' },
];

const TERMINALS = [
  { code: 'T1', nameEn: 'Terminal 1', nameAr: 'المبنى 1' },
  { code: 'T2', nameEn: 'Terminal 2', nameAr: 'المبنى 2' },
  { code: 'T3', nameEn: 'Terminal 3', nameAr: 'المبنى 3' },
];

const SKILL_CATEGORIES = [
  { code: 'RAMP', nameEn: 'Ramp operations', nameAr: 'عمليات الساحة' },
  { code: 'PASSENGER', nameEn: 'Passenger handling', nameAr: 'خدمة المسافرين' },
  { code: 'CARGO', nameEn: 'Cargo handling', nameAr: 'مناولة الشحن' },
];

const SKILLS = [
  { code: 'MARSHALLING', nameEn: 'Aircraft marshalling', nameAr: 'توجيه الطائرات', category: 'RAMP' },
  {
    code: 'PUSHBACK',
    nameEn: 'Pushback tug driving',
    nameAr: 'قيادة جرار الدفع',
    category: 'RAMP',
    cert: true,
  },
  { code: 'CHECK_IN', nameEn: 'Check-in', nameAr: 'إنهاء إجراءات السفر', category: 'PASSENGER' },
  { code: 'BOARDING', nameEn: 'Boarding', nameAr: 'الصعود إلى الطائرة', category: 'PASSENGER' },
  {
    code: 'FORKLIFT',
    nameEn: 'Forklift operation',
    nameAr: 'تشغيل الرافعة الشوكية',
    category: 'CARGO',
    cert: true,
  },
];

const SHIFT_TEMPLATES = [
  {
    code: 'MORNING',
    nameEn: 'Morning',
    nameAr: 'الوردية الصباحية',
    startTime: '06:00',
    endTime: '14:00',
    type: 'MORNING',
  },
  {
    code: 'EVENING',
    nameEn: 'Evening',
    nameAr: 'الوردية المسائية',
    startTime: '14:00',
    endTime: '22:00',
    type: 'EVENING',
  },
  {
    code: 'NIGHT',
    nameEn: 'Night',
    nameAr: 'الوردية الليلية',
    startTime: '22:00',
    endTime: '06:00',
    type: 'NIGHT',
  },
];

/** Cycles of template codes; OFF is a day off. */
const SHIFT_PATTERNS = [
  {
    code: '4ON4OFF',
    nameEn: '4 on, 4 off (mornings)',
    nameAr: 'أربعة أيام عمل وأربعة أيام راحة',
    cycle: ['MORNING', 'MORNING', 'MORNING', 'MORNING', 'OFF', 'OFF', 'OFF', 'OFF'],
  },
  {
    code: '2D2N4OFF',
    nameEn: '2 days, 2 nights, 4 off',
    nameAr: 'يومان نهاراً ويومان ليلاً وأربعة أيام راحة',
    cycle: ['MORNING', 'MORNING', 'NIGHT', 'NIGHT', 'OFF', 'OFF', 'OFF', 'OFF'],
  },
];

/**
 * Holidays of the coming year (2027). Islamic holidays follow the moon, so their dates are the expected
 * ones; an administrator corrects them through /api/admin/holidays.
 */
const HOLIDAYS = [
  {
    code: 'FOUNDING_DAY_2027',
    nameEn: 'Founding Day',
    nameAr: 'يوم التأسيس',
    date: '2027-02-22',
    endDate: '2027-02-22',
    type: 'NATIONAL',
  },
  {
    code: 'EID_AL_FITR_2027',
    nameEn: 'Eid al-Fitr',
    nameAr: 'عيد الفطر',
    date: '2027-03-09',
    endDate: '2027-03-12',
    type: 'RELIGIOUS',
  },
  {
    code: 'EID_AL_ADHA_2027',
    nameEn: 'Eid al-Adha',
    nameAr: 'عيد الأضحى',
    date: '2027-05-15',
    endDate: '2027-05-18',
    type: 'RELIGIOUS',
  },
  {
    code: 'NATIONAL_DAY_2027',
    nameEn: 'National Day',
    nameAr: 'اليوم الوطني',
    date: '2027-09-23',
    endDate: '2027-09-23',
    type: 'NATIONAL',
  },
];

/**
 * The certification catalogue of MAIN (issue 40): the licences its skills require, first aid everyone
 * holds, and two more an administrator may record (dangerous goods, aviation security).
 */
const CERTIFICATION_TYPES = [
  { code: 'PUSHBACK_LICENCE', nameEn: 'Pushback tug licence', nameAr: 'رخصة قيادة جرار الدفع' },
  { code: 'FORKLIFT_LICENCE', nameEn: 'Forklift licence', nameAr: 'رخصة تشغيل الرافعة الشوكية' },
  { code: 'FIRST_AID', nameEn: 'First aid', nameAr: 'الإسعافات الأولية' },
  { code: 'DGR', nameEn: 'Dangerous goods regulations', nameAr: 'لوائح البضائع الخطرة' },
  { code: 'AVSEC', nameEn: 'Aviation security', nameAr: 'أمن الطيران' },
];

const DEMAND_REASONS = [
  { code: 'PEAK_SEASON', nameEn: 'Peak season', nameAr: 'موسم الذروة' },
  { code: 'VIP_FLIGHT', nameEn: 'VIP flight', nameAr: 'رحلة كبار الشخصيات' },
  // Demand reasons may go without an Arabic name (interface spec).
  { code: 'IRREGULAR_OPS', nameEn: 'Irregular operations', nameAr: null },
];

async function mainUnit(tx: Executor, buId: string): Promise<void> {
  await tx.insert(grades).values(GRADES.map((row) => ({ ...row, buId })));
  await tx.insert(terminals).values(TERMINALS.map((row) => ({ ...row, buId })));
  await tx.insert(skillCategories).values(SKILL_CATEGORIES.map((row) => ({ ...row, buId })));
  await tx.insert(certificationTypes).values(CERTIFICATION_TYPES.map((row) => ({ ...row, buId })));
  for (const { category, cert, ...skill } of SKILLS) {
    await tx.insert(skills).values({
      ...skill,
      buId,
      categoryId: await idOf(tx, skillCategories, buId, category),
      requiresCertification: cert === true,
    });
  }
  for (const { type, ...template } of SHIFT_TEMPLATES) {
    await tx
      .insert(shiftTemplates)
      .values({ ...template, buId, paidHours: 8, shiftTypeId: await idOf(tx, shiftTypes, buId, type) });
  }
  for (const { cycle, ...pattern } of SHIFT_PATTERNS) {
    const [row] = await tx
      .insert(shiftPatterns)
      .values({ ...pattern, buId })
      .returning({ id: shiftPatterns.id });
    const days = [];
    for (const [position, code] of cycle.entries()) {
      const shiftTemplateId = code === 'OFF' ? null : await idOf(tx, shiftTemplates, buId, code);
      days.push({ patternId: row!.id, position, shiftTemplateId });
    }
    await tx.insert(shiftPatternDays).values(days);
  }
  for (const { type, ...holiday } of HOLIDAYS) {
    await tx
      .insert(holidays)
      .values({ ...holiday, buId, holidayTypeId: await idOf(tx, holidayTypes, buId, type) });
  }
  await tx.insert(workingHourModifiers).values({
    buId,
    code: 'RAMADAN_2027',
    nameEn: 'Ramadan working hours',
    nameAr: 'ساعات العمل في رمضان',
    description: 'Shortened working hours during the month of Ramadan (expected dates)',
    fromDate: '2027-02-08',
    toDate: '2027-03-08',
    hoursPerDay: 6,
  });
  await tx.insert(demandReasons).values(DEMAND_REASONS.map((row) => ({ ...row, buId })));
  await tx
    .insert(attendanceStatuses)
    .values({ buId, code: 'TRAINING', nameEn: 'In training', nameAr: 'في التدريب' });
  // Staff get grades round-robin by number (G1 stays unassigned, so it can be deleted in a demo).
  await tx.execute(sql`
    update ${employees} e set grade_id = g.id
    from ${grades} g
    where e.bu_id = ${buId} and g.bu_id = ${buId}
      and g.code = 'G' || (2 + (substring(e.employee_number from 2)::int % 4))::text`);
}

/** NORTH keeps its system rows and one terminal, whose code repeats MAIN's (codes are per unit). */
async function northUnit(tx: Executor, buId: string): Promise<void> {
  await tx.insert(terminals).values({ buId, code: 'T1', nameEn: 'North Terminal', nameAr: 'مبنى الشمال' });
}

export const referenceDataStep: DemoStep = {
  name: 'reference data',
  async run(tx: Executor, context: DemoContext) {
    await mainUnit(tx, context.units.MAIN);
    await northUnit(tx, context.units.NORTH);
  },
};
