import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route streams until the connection closes (the unit's changes). */
    endless?: true;
  }
}

/** The channel every process of the service tells and hears the unit's changes on. */
const CHANGES_CHANNEL = 'unit_changes';
/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;
/** What a browser waits before it opens the stream again after a drop. */
const RETRY_MS = 5_000;
/**
 * A stream ends after this long and the client opens it again with its token of the moment, so a session
 * ended since (sign-out, a password change) hears nothing more after at most this.
 */
const STREAM_LIFETIME_MS = 15 * 60_000;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The unit's changes as they happen: after every successful write the areas it touched (its route's tags)
 * are told on a NOTIFY channel, so every process hears them, and each process passes them to the streams
 * of that unit (`GET /api/changes`). A stream carries area names only, never data: a screen that hears
 * "leave" reads its own queries again, through its own permissions.
 */
export interface ChangeFeed {
  /** Streams the unit's changes to one caller until the connection or the process closes. */
  stream(request: FastifyRequest, reply: FastifyReply, buId: string): void;
}

interface Listener {
  buId: string;
  send(areas: string[]): void;
  end(): void;
}

export async function registerChangeFeed(app: FastifyInstance, database: Database): Promise<ChangeFeed> {
  const listeners = new Set<Listener>();
  const subscription = await database.listen(CHANGES_CHANNEL, {
    onMessage(payload) {
      const [buId, areas] = payload.split('|');
      if (!buId || !areas) return;
      const told = areas.split(',');
      for (const listener of listeners) if (listener.buId === buId) listener.send(told);
    },
    onReset() {
      // Changes may have gone by while the channel was down: every open screen reads everything again.
      for (const listener of listeners) listener.send(['*']);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    if (!WRITES.has(request.method) || reply.statusCode >= 400 || !request.principal) return;
    const areas = request.routeOptions.schema?.tags;
    if (!areas?.length) return;
    await database.db
      .execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${`${request.principal.buId}|${areas.join(',')}`})`)
      .catch((error: unknown) =>
        request.log.warn({ err: error }, 'the change could not be told to open screens'),
      );
  });
  // Open streams end first, so that a stopping process is not held by them.
  app.addHook('preClose', async () => {
    for (const listener of listeners) listener.end();
  });
  app.addHook('onClose', () => subscription.close());

  return {
    stream(request, reply, buId) {
      reply.hijack();
      const raw = reply.raw;
      // Headers set by the hooks so far (CORS, security) go out as they would on any answer.
      const set = Object.entries(reply.getHeaders()).flatMap(([name, value]) =>
        value === undefined ? [] : [[name, typeof value === 'number' ? String(value) : value] as const],
      );
      raw.writeHead(200, {
        ...Object.fromEntries(set),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-store',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      raw.write(`retry: ${RETRY_MS}\n\n`);
      const heartbeat = setInterval(() => raw.write(': still here\n\n'), HEARTBEAT_MS);
      const expiry = setTimeout(() => listener.end(), STREAM_LIFETIME_MS);
      const listener: Listener = {
        buId,
        send(areas) {
          raw.write(`event: change\ndata: ${JSON.stringify({ areas })}\n\n`);
        },
        end() {
          clearInterval(heartbeat);
          clearTimeout(expiry);
          listeners.delete(listener);
          if (!raw.writableEnded) raw.end();
        },
      };
      listeners.add(listener);
      request.raw.on('close', () => listener.end());
    },
  };
}
