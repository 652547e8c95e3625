import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { session } from '../auth/session';
import { COPY_PREFIX, copyCacheName } from './shared';

/**
 * The device keeps the offline copy of one person at most: the one signed in in this tab. Their cache
 * is opened (the service worker writes only into an open one) and every other person's deleted; with
 * nobody signed in, none is left. Works without the network: it is all on the device.
 */
export async function keepOnlyCopyOf(token: string | null): Promise<void> {
  if (typeof caches === 'undefined') return;
  const own = token ? copyCacheName(token) : null;
  const others = (await caches.keys()).filter((name) => name.startsWith(COPY_PREFIX) && name !== own);
  await Promise.all(others.map((name) => caches.delete(name)));
  if (own) await caches.open(own);
}

/**
 * Registers the service worker (in a build: the development server has none) and follows the session:
 * a sign-in keeps only its own person's copy, an expired session leaves none (a sign-out waits for
 * that itself, in `signOut`).
 */
export function startOfflineCopies(): void {
  if (import.meta.env.PROD && 'serviceWorker' in navigator)
    // Refused (a browser setting, a private window): the client works as before, online only.
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  const follow = () => void keepOnlyCopyOf(session.token());
  follow();
  session.subscribe(follow);
}

/** Whether the device has a network, as the queries see it (they wait while it has none). */
export const useOnline = (): boolean =>
  useSyncExternalStore(onlineManager.subscribe, () => onlineManager.isOnline());
