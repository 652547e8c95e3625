import { addDays } from '../../core/time/dates.ts';
import { crossesMidnight, endDateOf } from '../../core/time/shift-times.ts';
import type { CycleDayRow } from './repository.ts';

/** The code a cycle shows for a day off. */
export const OFF = 'OFF';

export interface PreviewDay {
  date: string;
  /** 1-based position in the cycle. */
  cycleDay: number;
  code: string;
  isOff: boolean;
  Name_1_English: string | null;
  Name_2_Arabic: string | null;
  startTime: string | null;
  endTime: string | null;
  /** The date the shift ends: the next day for a shift crossing midnight. */
  endDate: string | null;
  crossesMidnight: boolean;
  paidHours: number;
}

/** Lays the cycle over `days` dates from `from`, cycle day 1 on `from`. */
export function expandCycle(cycle: readonly CycleDayRow[], from: string, days: number): PreviewDay[] {
  if (!cycle.length) return [];
  const result: PreviewDay[] = [];
  for (let offset = 0; offset < days; offset++) {
    const date = addDays(from, offset);
    const position = offset % cycle.length;
    const template = cycle[position]!.template;
    result.push(
      template
        ? {
            date,
            cycleDay: position + 1,
            code: template.code,
            isOff: false,
            Name_1_English: template.nameEn,
            Name_2_Arabic: template.nameAr,
            startTime: template.startTime,
            endTime: template.endTime,
            endDate: endDateOf(date, template.startTime, template.endTime),
            crossesMidnight: crossesMidnight(template.startTime, template.endTime),
            paidHours: template.paidHours,
          }
        : {
            date,
            cycleDay: position + 1,
            code: OFF,
            isOff: true,
            Name_1_English: null,
            Name_2_Arabic: null,
            startTime: null,
            endTime: null,
            endDate: null,
            crossesMidnight: false,
            paidHours: 0,
          },
    );
  }
  return result;
}
