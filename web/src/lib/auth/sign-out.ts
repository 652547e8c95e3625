import { api } from '../api/client';
import { session } from './session';

/**
 * Signs out: the service ends the session (`everywhere`: every session of the account) so a copied token
 * stops working at once, then this tab forgets the token. Without the network the tab forgets it all the
 * same; the session then ends on the server when its token expires.
 */
export async function signOut(everywhere = false): Promise<void> {
  try {
    await api.POST(everywhere ? '/api/auth/logout-everywhere' : '/api/auth/logout');
  } catch {
    // Offline: nothing more can be done from here.
  }
  session.end('logout');
}
