/**
 * The client's service worker, bundled by `scripts/web-offline.mjs` into `/sw.js` (scope `/`). It keeps
 * the app shell of its build, so the client opens without the network, and the signed-in person's own
 * published roster, so an employee with no signal still reads the coming weeks. Nothing else of the API
 * passes through a cache, and no token is ever stored: a copy is keyed by the range it answers and
 * lives in the cache of the person the request's token names.
 */
import { AS_OF_HEADER, COPY_PREFIX, copyCacheName, OWN_ROSTER_PATH } from '../src/lib/offline/shared';

declare const self: ServiceWorkerGlobalScope;

/** Written in by the build: the shell's files (`/`, the entry's chunks, styles and fonts, My roster's, manifests and icons). */
declare const __SHELL__: { version: string; files: string[] };

const SHELL = `shell:${__SHELL__.version}`;

/** How long a slow network is waited for before a kept copy is shown instead (it still updates it). */
const PATIENCE_MS = 4000;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(__SHELL__.files)));
});

// No skipWaiting: a page still running an older build keeps that build's files until it closes.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (!name.startsWith(COPY_PREFIX) && name !== SHELL) await caches.delete(name);
      // The first install takes the page that registered it, so its roster reads are kept from now on.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname === OWN_ROSTER_PATH) event.respondWith(ownRoster(request, url));
  else if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/swagger')) return;
  else if (request.mode === 'navigate' && !/\.[^/]*$/.test(url.pathname)) event.respondWith(page(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request));
  else event.respondWith(file(request));
});

/** Settles as `promise` does, or rejects once the network has had its patience. */
function patiently<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('network too slow')), PATIENCE_MS)),
  ]);
}

/** A screen of the app: the network's page (fresh style nonce), else the shell's copy of `/`. */
async function page(request: Request): Promise<Response> {
  const network = fetch(request);
  try {
    return await patiently(network);
  } catch {
    return (await caches.match('/', { cacheName: SHELL })) ?? network;
  }
}

/** Another file of the build (icon, manifest): the network's, else the shell's copy. */
async function file(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await caches.match(request, { cacheName: SHELL });
    if (kept) return kept;
    throw error;
  }
}

/** Fingerprinted files never change: the shell's copy, else the network's, kept for the next time. */
async function asset(request: Request): Promise<Response> {
  const kept = await caches.match(request, { cacheName: SHELL });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await (await caches.open(SHELL)).put(request, response.clone());
  return response;
}

/**
 * The person's own roster: the network's answer, kept when it covers dates from yesterday on; the kept
 * copy, marked with when it was sent, when the network fails, is too slow or the service is down.
 */
async function ownRoster(request: Request, url: URL): Promise<Response> {
  const token = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
  const name = token ? copyCacheName(token) : null;
  if (!name) return fetch(request);
  // The key is the address alone: a Request would keep its headers, the token among them.
  const key = url.href;
  const network = fetch(request).then(async (response) => {
    if (response.ok && comingWeeks(url)) await keep(name, key, response.clone());
    return response;
  });
  try {
    const response = await patiently(network);
    if (response.status < 500) return response;
  } catch {}
  return (await caches.match(key, { cacheName: name })) ?? network;
}

/** Only the coming weeks are worth a place on the phone: a range that ends before yesterday is not. */
function comingWeeks(url: URL): boolean {
  const to = url.searchParams.get('to');
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  return to !== null && to >= yesterday;
}

/**
 * Keeps an answer in the person's cache, only if the page opened it at sign-in: a sign-out deletes it,
 * and an answer still on its way then must not bring it back.
 */
async function keep(name: string, key: string, response: Response): Promise<void> {
  if (!(await caches.has(name))) return;
  const headers = new Headers({
    'content-type': response.headers.get('content-type') ?? 'application/json',
    [AS_OF_HEADER]: new Date().toISOString(),
  });
  await (await caches.open(name)).put(key, new Response(await response.blob(), { status: 200, headers }));
}
