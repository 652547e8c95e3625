import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendProblem } from './error-handler.ts';

/** Where Vite writes the built client (`npm run build:web`, also run by `npm ci` and `npm start`). */
export const defaultWebRoot = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** The placeholder Vite writes as every nonce (`html.cspNonce` in `web/vite.config.ts`). */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The app's own policy, stricter than the API's (whose Swagger UI needs inline script): scripts from
 * this origin only, no inline script at all, and styles from this origin or carrying this answer's
 * nonce (the component library injects its CSS variables in a `<style>` element that carries it).
 */
export function appContentSecurityPolicy(nonce: string, production: boolean): string {
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    ...(production ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** A path that names a file (a dot in its last part, or a dot folder), never one of the app's screens. */
const isFileName = (url: string) => url.startsWith('/assets/') || /(?:^|\/)\.|\.[^/]*$/.test(url);

/** Paths that belong to the API or its documentation: an unknown one stays a JSON problem 404. */
const isServicePath = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url === '/swagger' || url.startsWith('/swagger/');

/**
 * Serves the web client's built files at `/`: hashed assets cached for a year, `index.html` never
 * cached and sent with a fresh style nonce, and every other path outside `/api` and `/swagger` answered
 * with the app so that a deep link (`/leave/…`) opens the right screen. Without a build the app's paths
 * answer 503 with the command that makes one; the API works either way.
 */
export async function registerWebClient(
  app: FastifyInstance,
  options: { root?: string; production: boolean },
): Promise<void> {
  const root = resolve(options.root ?? defaultWebRoot);
  const indexFile = join(root, 'index.html');

  let cached: { mtimeMs: number; html: string } | undefined;
  const indexHtml = (): string | undefined => {
    if (!existsSync(indexFile)) return undefined;
    const { mtimeMs } = statSync(indexFile);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(indexFile, 'utf8') };
    return cached.html;
  };

  const sendApp = (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (isServicePath(url)) return reply.callNotFound();
    const html = indexHtml();
    if (html === undefined) {
      return sendProblem(
        request,
        reply,
        503,
        'WEB_CLIENT_NOT_BUILT',
        'The web client has not been built: run `npm run build:web` (npm ci and npm start build it too)',
      );
    }
    const nonce = randomBytes(16).toString('base64');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', appContentSecurityPolicy(nonce, options.production))
      .send(html.replaceAll(NONCE_PLACEHOLDER, nonce));
  };

  // The plugin serves no routes of its own: one route below decides between a built file and the app.
  if (existsSync(root))
    await app.register(fastifyStatic, {
      root,
      serve: false,
      index: false,
      cacheControl: false,
      // The build's .br and .gz copies (scripts/web-build.mjs), for a browser that accepts them.
      preCompressed: true,
    });

  const builtFile = (url: string): string | undefined => {
    let path: string;
    try {
      path = resolve(root, `.${decodeURIComponent(url)}`);
    } catch {
      return undefined;
    }
    if (!path.startsWith(`${root}${sep}`) || path === indexFile) return undefined;
    // Dot folders of the build (Vite's manifest) are for tools, not for browsers.
    if (
      path
        .slice(root.length)
        .split(sep)
        .some((part) => part.startsWith('.'))
    )
      return undefined;
    try {
      return statSync(path).isFile() ? path.slice(root.length + 1) : undefined;
    } catch {
      return undefined;
    }
  };

  const serve = (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    const file = isServicePath(url) ? undefined : builtFile(url);
    // A missing asset is a stale page asking for an old build's file, and a file name the build does not
    // hold (`/.env`, `/wp-login.php`) is a probe: a 404, not the app. The app's own paths have no dot.
    if (!file) return isFileName(url) ? reply.callNotFound() : sendApp(request, reply);
    reply.header('cache-control', file.startsWith(`assets${sep}`) ? IMMUTABLE : 'no-cache');
    // The same address answers brotli, gzip or plain as the request accepts: caches must keep them apart.
    reply.header('vary', 'accept-encoding');
    return reply.sendFile(file);
  };
  // Not part of the API: kept out of the OpenAPI document.
  app.get('/', { schema: { hide: true } }, sendApp);
  app.get('/*', { schema: { hide: true } }, serve);
}
