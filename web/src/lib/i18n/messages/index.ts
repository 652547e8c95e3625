/**
 * The message catalogues, one pair of files per area of the client (`<area>.en.json`, `<area>.ar.json`,
 * every key starting with `<area>.`), so that screens of different areas never edit the same file.
 * `en.json` and `ar.json` hold what is shared (navigation, errors, the self-service screens).
 */
import adminAr from './admin.ar.json' with { type: 'json' };
import adminEn from './admin.en.json' with { type: 'json' };
import allocationAr from './allocation.ar.json' with { type: 'json' };
import allocationEn from './allocation.en.json' with { type: 'json' };
import ar from './ar.json' with { type: 'json' };
import attendanceAdminAr from './attendanceAdmin.ar.json' with { type: 'json' };
import attendanceAdminEn from './attendanceAdmin.en.json' with { type: 'json' };
import availabilityAr from './availability.ar.json' with { type: 'json' };
import availabilityEn from './availability.en.json' with { type: 'json' };
import calendarFeedAr from './calendarFeed.ar.json' with { type: 'json' };
import calendarFeedEn from './calendarFeed.en.json' with { type: 'json' };
import costsAr from './costs.ar.json' with { type: 'json' };
import costsEn from './costs.en.json' with { type: 'json' };
import demandAr from './demand.ar.json' with { type: 'json' };
import demandEn from './demand.en.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import importsAr from './imports.ar.json' with { type: 'json' };
import importsEn from './imports.en.json' with { type: 'json' };
import notificationsAr from './notifications.ar.json' with { type: 'json' };
import notificationsEn from './notifications.en.json' with { type: 'json' };
import openShiftsAr from './openShifts.ar.json' with { type: 'json' };
import openShiftsEn from './openShifts.en.json' with { type: 'json' };
import peopleAr from './people.ar.json' with { type: 'json' };
import peopleEn from './people.en.json' with { type: 'json' };
import poolsAr from './pools.ar.json' with { type: 'json' };
import poolsEn from './pools.en.json' with { type: 'json' };
import reconciliationAr from './reconciliation.ar.json' with { type: 'json' };
import reconciliationEn from './reconciliation.en.json' with { type: 'json' };
import reportsAr from './reports.ar.json' with { type: 'json' };
import reportsEn from './reports.en.json' with { type: 'json' };
import rostersAr from './rosters.ar.json' with { type: 'json' };
import rostersEn from './rosters.en.json' with { type: 'json' };
import swapsAr from './swaps.ar.json' with { type: 'json' };
import swapsEn from './swaps.en.json' with { type: 'json' };

/** Each area's pair, by the prefix its keys carry (the shared pair under ''). */
export const areas = {
  '': { en, ar },
  admin: { en: adminEn, ar: adminAr },
  attendanceAdmin: { en: attendanceAdminEn, ar: attendanceAdminAr },
  calendarFeed: { en: calendarFeedEn, ar: calendarFeedAr },
  demand: { en: demandEn, ar: demandAr },
  imports: { en: importsEn, ar: importsAr },
  rosters: { en: rostersEn, ar: rostersAr },
  openShifts: { en: openShiftsEn, ar: openShiftsAr },
  people: { en: peopleEn, ar: peopleAr },
  pools: { en: poolsEn, ar: poolsAr },
  reconciliation: { en: reconciliationEn, ar: reconciliationAr },
  reports: { en: reportsEn, ar: reportsAr },
  allocation: { en: allocationEn, ar: allocationAr },
  swaps: { en: swapsEn, ar: swapsAr },
  availability: { en: availabilityEn, ar: availabilityAr },
  costs: { en: costsEn, ar: costsAr },
  notifications: { en: notificationsEn, ar: notificationsAr },
} as const;

export const english = {
  ...en,
  ...adminEn,
  ...attendanceAdminEn,
  ...calendarFeedEn,
  ...demandEn,
  ...importsEn,
  ...rostersEn,
  ...openShiftsEn,
  ...peopleEn,
  ...poolsEn,
  ...reconciliationEn,
  ...reportsEn,
  ...allocationEn,
  ...swapsEn,
  ...availabilityEn,
  ...costsEn,
  ...notificationsEn,
};
export type MessageId = keyof typeof english;

export const arabic: Record<MessageId, string> = {
  ...ar,
  ...adminAr,
  ...attendanceAdminAr,
  ...calendarFeedAr,
  ...demandAr,
  ...importsAr,
  ...rostersAr,
  ...openShiftsAr,
  ...peopleAr,
  ...poolsAr,
  ...reconciliationAr,
  ...reportsAr,
  ...allocationAr,
  ...swapsAr,
  ...availabilityAr,
  ...costsAr,
  ...notificationsAr,
};
