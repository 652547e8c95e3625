import { createHash, randomBytes } from 'node:crypto';
import { actorOf, recordAudit } from '../../core/audit/record.ts';
import type { Caller } from '../../core/auth/caller.ts';
import { sqlState, UNIQUE_VIOLATION } from '../../core/db/errors.ts';
import { conflict, notFound } from '../../core/http/errors.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { addDays, businessDate } from '../../core/time/dates.ts';
import { endDateOf } from '../../core/time/shift-times.ts';
import { unlockedAccountOf } from '../identity/reads.ts';
import { publishedPlannedLinesOf } from '../publishing/reads.ts';
import { readSettings } from '../settings/service.ts';
import { escapeText, localDateTime, serialise, utcDateTime } from './icalendar.ts';
import * as repo from './repository.ts';
import { type CalendarFeed, FEED_DAYS_AHEAD, FEED_DAYS_BACK } from './schemas.ts';
import { vtimezone } from './vtimezone.ts';

const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** 256 random bits, URL-safe: the whole of what opens the feed. */
const newSecret = () => randomBytes(32).toString('base64url');

export const feedPath = (secret: string) => `/api/calendar-feeds/${secret}/roster.ics`;

function feedView(row: repo.FeedRow | null): CalendarFeed {
  return {
    active: row !== null,
    createdAt: row?.createdAt.toISOString() ?? null,
    rotatedAt: row?.rotatedAt?.toISOString() ?? null,
    daysBack: FEED_DAYS_BACK,
    daysAhead: FEED_DAYS_AHEAD,
  };
}

export async function ownFeed(deps: ServiceDeps, caller: Caller): Promise<CalendarFeed> {
  const { buId, userId } = caller.principal;
  return feedView(await repo.feedOf(deps.db, buId, userId));
}

/** Makes the caller's feed; the secret is returned once and only its hash is kept. */
export async function createFeed(deps: ServiceDeps, caller: Caller) {
  const { buId, userId } = caller.principal;
  const secret = newSecret();
  try {
    const row = await deps.db.transaction(async (tx) => {
      const created = await repo.insertFeed(tx, {
        buId,
        userId,
        secretHash: hashOf(secret),
        createdAt: deps.now(),
      });
      await recordAudit(tx, actorOf(caller), {
        action: 'calendar_feed.created',
        entityType: 'calendar_feed',
        entityId: created.id,
      });
      return created;
    });
    return { feed: feedView(row), secret };
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION)
      throw conflict('ALREADY_EXISTS', 'You already have a calendar feed: rotate it for a new address');
    throw error;
  }
}

/** A new secret for the caller's feed: the old address answers 404 from now on. */
export async function rotateFeed(deps: ServiceDeps, caller: Caller) {
  const { buId, userId } = caller.principal;
  const secret = newSecret();
  const row = await deps.db.transaction(async (tx) => {
    const rotated = await repo.rotateFeed(tx, buId, userId, hashOf(secret), deps.now());
    if (!rotated) throw notFound('Your calendar feed');
    await recordAudit(tx, actorOf(caller), {
      action: 'calendar_feed.rotated',
      entityType: 'calendar_feed',
      entityId: rotated.id,
      details: { version: rotated.version },
    });
    return rotated;
  });
  return { feed: feedView(row), secret };
}

export async function revokeFeed(deps: ServiceDeps, caller: Caller): Promise<void> {
  const { buId, userId } = caller.principal;
  await deps.db.transaction(async (tx) => {
    const revoked = await repo.deleteFeed(tx, buId, userId);
    if (!revoked) throw notFound('Your calendar feed');
    await recordAudit(tx, actorOf(caller), {
      action: 'calendar_feed.revoked',
      entityType: 'calendar_feed',
      entityId: revoked.id,
    });
  });
}

export interface FeedDocument {
  body: string;
  /** Strong validator over the body: the same roster and window give the same bytes. */
  etag: string;
  lastModified: Date;
}

const CALENDAR_NAMES = { en: 'My roster', ar: 'جدول مناوباتي' } as const;

/**
 * The iCalendar document a secret opens, or null (unknown, revoked, or its owner's account deleted or
 * locked: all answer the same 404). One event per planned shift of the window, each identified by
 * employee and date, the one shift a person works on a date, so a republish updates the event in place.
 */
export async function feedDocument(deps: ServiceDeps, secret: string): Promise<FeedDocument | null> {
  if (!SECRET_PATTERN.test(secret)) return null;
  const feed = await repo.feedBySecret(deps.db, hashOf(secret));
  const account = feed && (await unlockedAccountOf(deps.db, feed.userId));
  if (!feed || !account) return null;
  const { employeeId, language } = account;
  const { settings } = await readSettings(deps.db, feed.buId);
  const timeZone = settings.timezone;
  const today = businessDate(deps.now(), timeZone);
  const from = addDays(today, -FEED_DAYS_BACK);
  const to = addDays(today, FEED_DAYS_AHEAD);
  const lines = employeeId ? await publishedPlannedLinesOf(deps.db, feed.buId, employeeId, from, to) : [];
  const arabic = language === 'ar';
  const events = lines.flatMap((line) => {
    const endDate = endDateOf(line.date, line.startTime, line.endTime);
    const stamp = utcDateTime(line.publishedAt);
    const shiftName = (arabic && line.shiftNameAr) || line.shiftNameEn;
    const terminalName = (arabic && line.terminalNameAr) || line.terminalNameEn;
    return [
      'BEGIN:VEVENT',
      `UID:${employeeId}-${line.date.replaceAll('-', '')}@workforce-rostering`,
      `DTSTAMP:${stamp}`,
      `LAST-MODIFIED:${stamp}`,
      `SEQUENCE:${line.rosterVersion}`,
      `DTSTART;TZID=${timeZone}:${localDateTime(line.date, line.startTime)}`,
      `DTEND;TZID=${timeZone}:${localDateTime(endDate, line.endTime)}`,
      `SUMMARY:${escapeText(shiftName)}`,
      `LOCATION:${escapeText(`${terminalName} (${line.terminalCode})`)}`,
      ...(line.skillCode ? [`CATEGORIES:${escapeText(line.skillCode)}`] : []),
      'STATUS:CONFIRMED',
      'TRANSP:OPAQUE',
      'END:VEVENT',
    ];
  });
  const body = serialise([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Workforce Rostering//Calendar feed//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(CALENDAR_NAMES[arabic ? 'ar' : 'en'])}`,
    `X-WR-TIMEZONE:${timeZone}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...vtimezone(timeZone, Number(from.slice(0, 4)), Number(to.slice(0, 4))),
    ...events,
    'END:VCALENDAR',
  ]);
  const published = lines.map((line) => line.publishedAt.getTime());
  const changed = feed.rotatedAt ?? feed.createdAt;
  return {
    body,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    lastModified: new Date(Math.max(changed.getTime(), ...published)),
  };
}
