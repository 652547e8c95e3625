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
  await keepOnlyCopyOf(null);
  try {
    await api.POST(everywhere ? '/api/auth/logout-everywhere' : '/api/auth/logout');
  } catch {
    // Offline: nothing more can be done from here.
  }
  session.end('logout');
}
