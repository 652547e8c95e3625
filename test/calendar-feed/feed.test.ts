import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../src/core/db/database.ts';
import { addDays, businessDate } from '../../src/core/time/dates.ts';
import { describeEachDatabase } from '../helpers/app.ts';

interface OwnLine {
  date: string;
  shift: { code: string; nameEn: string; nameAr: string | null };
  terminal: { code: string; nameEn: string; nameAr: string | null };
  startsAt: string;
  endsAt: string;
}

interface FeedEvent {
  uid: string;
  summary: string;
  location: string;
  sequence: number;
  start: string;
  end: string;
  startZone: string;
}

/** Parses the feed with ical.js, its own VTIMEZONE registered, and reads each event's instants. */
function parseFeed(body: string): { calendar: ICAL.Component; events: FeedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(body));
  for (const zone of calendar.getAllSubcomponents('vtimezone'))
    ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      sequence: event.sequence,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      startZone: event.startDate.zone?.tzid ?? '',
    };
  });
  return { calendar, events };
}

const pathOf = (url: string) => new URL(url).pathname;

describeEachDatabase('the calendar feed of one’s own roster', (t) => {
  const get = (username: string | null, url: string, headers: Record<string, string> = {}) =>
    t.request(username, { method: 'GET', url, headers });
  const post = (username: string, url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.request(username, { method: 'POST', url, payload, headers });

  let runId = '';
  let from = '';
  let employeeId = '';

  beforeAll(async () => {
    const plan = (await get('planner', '/api/demand/plans'))
      .json()
      .items.find((p: { name: string }) => p.name.startsWith('Ramp'));
    from = plan.from;
    const run = await post('planner', '/api/allocation-runs', {
      planId: plan.id,
      from,
      to: addDays(from, 6),
    });
    expect(run.statusCode, run.body).toBe(201);
    runId = run.json().id;
    for (const action of ['execute', 'review', 'lock']) {
      const step = await post(
        'planner',
        `/api/allocation-runs/${runId}/${action}`,
        {},
        { prefer: 'wait=120' },
      );
      expect(step.statusCode, step.body).toBe(200);
    }
    const published = await post('planner', '/api/admin/roster/publish', { runId });
    expect(published.statusCode, published.body).toBe(201);
    const [me] = await queryRows<{ employeeId: string }>(
      t.database.db,
      sql`select employee_id as "employeeId" from users where username = 'employee'`,
    );
    employeeId = me!.employeeId;
  });

  /** What `/api/me/roster` shows over the feed's whole window (three requests of at most 92 days). */
  async function ownLines(username: string, timeZone = 'Asia/Riyadh') {
    const today = businessDate(new Date(), timeZone);
    const lines: OwnLine[] = [];
    for (let start = addDays(today, -60); start <= addDays(today, 180); start = addDays(start, 92)) {
      const end = [addDays(start, 91), addDays(today, 180)].sort()[0]!;
      const answer = await get(username, `/api/me/roster?from=${start}&to=${end}`);
      expect(answer.statusCode, answer.body).toBe(200);
      lines.push(...answer.json<{ lines: OwnLine[] }>().lines);
    }
    return lines;
  }

  let url = '';

  it('makes a feed address once, shows it then, and refuses a second', async () => {
    expect((await get('employee', '/api/me/calendar-feed')).json()).toMatchObject({ active: false });
    const made = await post('employee', '/api/me/calendar-feed');
    expect(made.statusCode, made.body).toBe(201);
    url = made.json().url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}\/roster\.ics$/);
    expect(made.json()).toMatchObject({ active: true, rotatedAt: null, daysBack: 60, daysAhead: 180 });
    const status = await get('employee', '/api/me/calendar-feed');
    expect(status.json()).toMatchObject({ active: true, createdAt: made.json().createdAt });
    expect(status.body).not.toContain(pathOf(url).split('/')[3]);
    const again = await post('employee', '/api/me/calendar-feed');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_EXISTS');
  });

  it('serves the published shifts as a valid iCalendar with times in the unit’s zone', async () => {
    const answer = await get(null, pathOf(url));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(answer.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(Date.parse(String(answer.headers['last-modified']))).not.toBeNaN();
    // CRLF everywhere, and no line longer than 75 octets.
    expect(answer.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(answer.body.replaceAll('\r\n', '')).not.toContain('\n');

    const { calendar, events } = parseFeed(answer.body);
    const zone = calendar.getFirstSubcomponent('vtimezone')!;
    expect(zone.getFirstPropertyValue('tzid')).toBe('Asia/Riyadh');
    expect(zone.getFirstSubcomponent('standard')!.getFirstPropertyValue('tzoffsetto')!.toString()).toBe(
      '+03:00',
    );

    const own = await ownLines('employee');
    expect(own.some((line) => line.date >= from)).toBe(true);
    expect(events).toHaveLength(own.length);
    for (const line of own) {
      const event = events.find(
        (e) => e.uid === `${employeeId}-${line.date.replaceAll('-', '')}@workforce-rostering`,
      );
      expect(event, line.date).toBeDefined();
      expect(event).toMatchObject({
        summary: line.shift.nameEn,
        location: `${line.terminal.nameEn} (${line.terminal.code})`,
        start: line.startsAt,
        end: line.endsAt,
        startZone: 'Asia/Riyadh',
      });
    }
    // A night ends on the next date, eight hours after it starts.
    const night = events.find((event) => event.summary === 'Night');
    if (night) expect(Date.parse(night.end) - Date.parse(night.start)).toBe(8 * 3_600_000);

    const unchanged = await get(null, pathOf(url), { 'if-none-match': String(answer.headers.etag) });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
  });

  it('follows a republish: the changed shift keeps its UID with a new location and a higher sequence', async () => {
    const before = await get(null, pathOf(url));
    const mine = (
      await get(
        'planner',
        `/api/employees/${employeeId}/shift-assignments?from=${from}&to=${addDays(from, 6)}`,
      )
    ).json().items as {
      id: string;
      date: string;
      shiftTemplate: { id: string };
      terminal: { code: string };
    }[];
    const moved = mine.find((assignment) => assignment.terminal.code !== 'T3')!;
    expect(moved).toBeDefined();
    const terminals = (await get('planner', '/api/admin/terminals?pageSize=50')).json().items as {
      id: string;
      code: string;
      Name_1_English: string;
    }[];
    const t3 = terminals.find((terminal) => terminal.code === 'T3')!;
    expect(
      (await t.request('planner', { method: 'DELETE', url: `/api/shift-assignments/${moved.id}` }))
        .statusCode,
    ).toBe(204);
    const replaced = await post('planner', `/api/employees/${employeeId}/shift-assignments`, {
      date: moved.date,
      shiftTemplateId: moved.shiftTemplate.id,
      terminalId: t3.id,
    });
    expect(replaced.statusCode, replaced.body).toBe(201);
    const republished = await post('planner', '/api/admin/roster/republish', {
      runId,
      reason: 'Moved to T3',
    });
    expect(republished.statusCode, republished.body).toBe(201);

    const after = await get(null, pathOf(url), { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const uid = `${employeeId}-${moved.date.replaceAll('-', '')}@workforce-rostering`;
    const old = parseFeed(before.body).events.find((event) => event.uid === uid)!;
    const changed = parseFeed(after.body).events.filter((event) => event.uid === uid);
    expect(changed).toHaveLength(1);
    expect(changed[0]!.location).toBe(`${t3.Name_1_English} (T3)`);
    expect(changed[0]!.start).toBe(old.start);
    expect(changed[0]!.sequence).toBeGreaterThan(old.sequence);
  });

  it('names shifts in the owner’s language', async () => {
    await t.database.db.execute(sql`update users set preferred_language = 'ar' where username = 'employee'`);
    try {
      const { events } = parseFeed((await get(null, pathOf(url))).body);
      const own = await ownLines('employee');
      for (const line of own) {
        const event = events.find((e) => e.uid.includes(line.date.replaceAll('-', '')))!;
        expect(event.summary).toBe(line.shift.nameAr ?? line.shift.nameEn);
      }
      expect(events.some((event) => /[\u0600-\u06FF]/.test(event.summary))).toBe(true);
    } finally {
      await t.database.db.execute(
        sql`update users set preferred_language = 'en' where username = 'employee'`,
      );
    }
  });

  it('rotates: the old address is 404 at once, the new one serves the feed', async () => {
    const rotated = await post('employee', '/api/me/calendar-feed/rotate');
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json().rotatedAt).not.toBeNull();
    const old = await get(null, pathOf(url));
    expect(old.statusCode).toBe(404);
    expect(old.headers['content-type']).toContain('application/problem+json');
    url = rotated.json().url;
    expect((await get(null, pathOf(url))).statusCode).toBe(200);
  });

  it('revokes: the address is 404, and rotating or revoking again finds nothing', async () => {
    const revoked = await t.request('employee', { method: 'DELETE', url: '/api/me/calendar-feed' });
    expect(revoked.statusCode).toBe(204);
    expect((await get(null, pathOf(url))).statusCode).toBe(404);
    expect((await get('employee', '/api/me/calendar-feed')).json().active).toBe(false);
    expect((await post('employee', '/api/me/calendar-feed/rotate')).statusCode).toBe(404);
    expect((await t.request('employee', { method: 'DELETE', url: '/api/me/calendar-feed' })).statusCode).toBe(
      404,
    );
    const events = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_events where action like 'calendar_feed.%'
          and actor_username = 'employee' order by at`,
    );
    expect(events.map((event) => event.action)).toEqual([
      'calendar_feed.created',
      'calendar_feed.rotated',
      'calendar_feed.revoked',
    ]);
  });

  it('answers an unknown or malformed secret with the same 404', async () => {
    const unknown = await get(null, `/api/calendar-feeds/${'A'.repeat(43)}/roster.ics`);
    const malformed = await get(null, '/api/calendar-feeds/not-a-secret/roster.ics');
    expect(unknown.statusCode).toBe(404);
    expect(malformed.statusCode).toBe(404);
    expect(unknown.json().detail).toBe(malformed.json().detail);
  });

  it('makes one feed when two requests race for it', async () => {
    const answers = await Promise.all([
      post('manager', '/api/me/calendar-feed'),
      post('manager', '/api/me/calendar-feed'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
  });

  it('writes the times in the unit’s zone when that zone has summer time', async () => {
    const setZone = async (timezone: string) => {
      const current = (await get('sysadmin', '/api/settings')).json();
      const changed = await t.request('sysadmin', {
        method: 'PATCH',
        url: '/api/settings',
        headers: { 'if-match': `"${current.version}"` },
        payload: { timezone },
      });
      expect(changed.statusCode, changed.body).toBe(200);
    };
    await setZone('Europe/London');
    try {
      const made = await post('employee', '/api/me/calendar-feed');
      expect(made.statusCode, made.body).toBe(201);
      const { calendar, events } = parseFeed((await get(null, pathOf(made.json().url))).body);
      const zone = calendar.getFirstSubcomponent('vtimezone')!;
      expect(zone.getFirstPropertyValue('tzid')).toBe('Europe/London');
      expect(zone.getAllSubcomponents('daylight').length).toBeGreaterThan(0);
      const own = await ownLines('employee', 'Europe/London');
      expect(own.length).toBeGreaterThan(0);
      expect(events).toHaveLength(own.length);
      for (const line of own) {
        const event = events.find((e) =>
          e.uid.endsWith(`-${line.date.replaceAll('-', '')}@workforce-rostering`),
        );
        expect(event, line.date).toMatchObject({
          start: line.startsAt,
          end: line.endsAt,
          startZone: 'Europe/London',
        });
      }
    } finally {
      await setZone('Asia/Riyadh');
    }
  });

  it('needs a signed-in caller to manage a feed', async () => {
    expect((await get(null, '/api/me/calendar-feed')).statusCode).toBe(401);
    expect((await t.request(null, { method: 'POST', url: '/api/me/calendar-feed' })).statusCode).toBe(401);
  });
});
