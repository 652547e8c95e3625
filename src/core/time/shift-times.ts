import { addDays } from './dates.ts';

/** `HH:mm` on a 24-hour clock; 24:00 is not a time of day (a shift ending at midnight ends at 00:00). */
export const TIME_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';

const MINUTES_PER_DAY = 24 * 60;

export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** An end at or before the start means the shift ends the next day (a night shift). */
export const crossesMidnight = (startTime: string, endTime: string) =>
  minutesOf(endTime) <= minutesOf(startTime);

/** Length in minutes; equal start and end would be a 24-hour shift, which the templates refuse. */
export function durationMinutes(startTime: string, endTime: string): number {
  const difference = minutesOf(endTime) - minutesOf(startTime);
  return difference > 0 ? difference : difference + MINUTES_PER_DAY;
}

export const durationHours = (startTime: string, endTime: string) =>
  Math.round((durationMinutes(startTime, endTime) / 60) * 100) / 100;

/** The business date a shift starting on `date` ends on. */
export const endDateOf = (date: string, startTime: string, endTime: string) =>
  crossesMidnight(startTime, endTime) ? addDays(date, 1) : date;
