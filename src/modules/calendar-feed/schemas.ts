import { type Static, Type } from '@sinclair/typebox';

const Instant = Type.String({ format: 'date-time' });

/** How far the feed reaches around today (docs/decisions.md, "Calendar feed"). */
export const FEED_DAYS_BACK = 60;
export const FEED_DAYS_AHEAD = 180;

export const CalendarFeed = Type.Object(
  {
    active: Type.Boolean({ description: 'Whether a feed URL exists (it is shown only when made)' }),
    createdAt: Type.Union([Instant, Type.Null()]),
    rotatedAt: Type.Union([Instant, Type.Null()]),
    daysBack: Type.Integer({ description: 'Days before today the feed holds' }),
    daysAhead: Type.Integer({ description: 'Days after today the feed holds' }),
  },
  { $id: 'CalendarFeed', description: "The caller's calendar feed, without its secret" },
);
export type CalendarFeed = Static<typeof CalendarFeed>;

export const CalendarFeedLink = Type.Object(
  {
    ...CalendarFeed.properties,
    url: Type.String({
      description: 'The secret address of the feed: shown this once; a calendar app subscribes to it',
    }),
  },
  { $id: 'CalendarFeedLink', description: 'A new feed address, shown once' },
);
export type CalendarFeedLink = Static<typeof CalendarFeedLink>;

export const FeedSecretParams = Type.Object({
  secret: Type.String({ maxLength: 200, description: 'The secret of the feed address' }),
});
