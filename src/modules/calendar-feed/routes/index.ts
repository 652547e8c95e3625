import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { fileResponse } from '../../../core/http/downloads.ts';
import { notFound } from '../../../core/http/errors.ts';
import { problemResponse } from '../../../core/http/openapi.ts';
import { depsOf, type ModuleContext } from '../../../core/module-context.ts';
import { CalendarFeed, CalendarFeedLink, FeedSecretParams } from '../schemas.ts';
import * as feeds from '../service.ts';

const tags = ['me'];
const CALENDAR_MEDIA_TYPE = 'text/calendar';

/**
 * The calendar feed of one's own roster (issue 35): managed while signed in under `/me`, read by a
 * calendar app without a login through its secret address.
 */
export function calendarFeedRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  const deps = depsOf(context);
  const link = (made: { feed: CalendarFeed; secret: string }) => ({
    ...made.feed,
    url: `${context.publicUrl()}${feeds.feedPath(made.secret)}`,
  });
  return async (app) => {
    app.get(
      '/me/calendar-feed',
      {
        config: { auth: 'calendar_feed.manage_own' },
        schema: {
          operationId: 'getOwnCalendarFeed',
          summary: "Whether the caller's calendar feed exists (its address is shown only when made)",
          tags,
          response: { 200: CalendarFeed },
        },
      },
      async (request) => feeds.ownFeed(deps, callerOf(request)),
    );
    app.post(
      '/me/calendar-feed',
      {
        config: { auth: 'calendar_feed.manage_own' },
        schema: {
          operationId: 'createOwnCalendarFeed',
          summary: 'Make a secret calendar feed address of the own roster, shown this once',
          tags,
          response: {
            201: CalendarFeedLink,
            409: problemResponse(['ALREADY_EXISTS'], 'A feed exists: rotate it for a new address'),
          },
        },
      },
      async (request, reply) => {
        const made = await feeds.createFeed(deps, callerOf(request));
        reply.code(201).header('location', '/api/me/calendar-feed');
        return link(made);
      },
    );
    app.post(
      '/me/calendar-feed/rotate',
      {
        config: { auth: 'calendar_feed.manage_own' },
        schema: {
          operationId: 'rotateOwnCalendarFeed',
          summary: 'Replace the feed address with a new secret one; the old one stops answering',
          tags,
          response: { 200: CalendarFeedLink, 404: problemResponse(['NOT_FOUND'], 'No feed to rotate') },
        },
      },
      async (request) => link(await feeds.rotateFeed(deps, callerOf(request))),
    );
    app.delete(
      '/me/calendar-feed',
      {
        config: { auth: 'calendar_feed.manage_own' },
        schema: {
          operationId: 'revokeOwnCalendarFeed',
          summary: 'Revoke the calendar feed: its address answers 404 from now on',
          tags,
          response: { 204: Type.Null(), 404: problemResponse(['NOT_FOUND'], 'No feed to revoke') },
        },
      },
      async (request, reply) => {
        await feeds.revokeFeed(deps, callerOf(request));
        return reply.code(204).send(null);
      },
    );
    app.get(
      '/calendar-feeds/:secret/roster.ics',
      {
        // The secret is in the path: the request log at `info` would write it down.
        logLevel: 'warn',
        config: { auth: 'open' },
        schema: {
          operationId: 'getCalendarFeed',
          summary: 'The iCalendar (RFC 5545) feed of a roster, opened by its secret address alone',
          description:
            'One event per planned shift from 60 days back to 180 days ahead, times in the unit’s time ' +
            'zone. Sends `ETag` and `Last-Modified`; `If-None-Match` with the ETag answers 304. An unknown ' +
            'or revoked address is 404.',
          tags,
          params: FeedSecretParams,
          response: {
            200: fileResponse(CALENDAR_MEDIA_TYPE, 'The calendar'),
            304: Type.Null({ description: 'Unchanged since the ETag sent in If-None-Match' }),
          },
        },
      },
      async (request, reply) => {
        const document = await feeds.feedDocument(deps, request.params.secret);
        if (!document) throw notFound('This calendar feed');
        reply
          .header('etag', document.etag)
          .header('last-modified', document.lastModified.toUTCString())
          .header('cache-control', 'private, no-cache');
        const match = request.headers['if-none-match'];
        if (match?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === document.etag))
          return reply.code(304).send(null);
        return reply.type(`${CALENDAR_MEDIA_TYPE}; charset=utf-8`).send(document.body);
      },
    );
  };
}
