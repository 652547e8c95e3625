import { api } from '../api/client';
import { keepOnlyCopyOf } from '../offline/copies';
import { session } from './session';

/**
 * Signs out: this device deletes the person's offline roster first (a slow network never holds it up),
 * the service ends the session (`everywhere`: every session of the account) so a copied token stops
 * working at once, then this tab forgets the token. Without the network the copy and the token go all
 * the same; the session then ends on the server when its token expires.
 */
export async function signOut(everywhere = false): Promise<void> {
  try {
    await bounded(keepOnlyCopyOf(null));
  } catch {
    // The device's storage refused or stalled: the copy is kept under this person's token only, which
    // ends here, and the next sign-in on the device deletes it. Signing out never waits on it.
  }
  try {
    await api.POST(everywhere ? '/api/auth/logout-everywhere' : '/api/auth/logout', {
      signal: AbortSignal.timeout(SERVER_PATIENCE_MS),
    });
  } catch {
    // Offline or too slow: nothing more can be done from here.
  }
  session.end('logout');
}

/** How long a sign-out waits for the device's storage, and then for the service, before it goes on. */
const STORAGE_PATIENCE_MS = 2_000;
const SERVER_PATIENCE_MS = 5_000;

const bounded = <T>(work: Promise<T>) =>
  Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('storage too slow')), STORAGE_PATIENCE_MS),
    ),
  ]);
