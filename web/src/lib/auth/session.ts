/**
 * The signed-in session: the bearer token lives in memory and in `sessionStorage` (so a reload of this
 * tab keeps it, a new tab or a closed browser does not); never in `localStorage`. Subscribers hear every
 * change, so the router leaves a screen the moment the session ends.
 */
export interface Session {
  token: string;
  expiresAt: string;
  username: string;
  /**
   * The language the person signed in in (the sign-in screen's, chosen there or the browser's): it wins
   * over the profile's stored preference, which it then updates. Absent: the profile's applies.
   */
  language?: 'en' | 'ar';
}

export type EndReason = 'logout' | 'expired';

const KEY = 'rostering.session';
type Listener = () => void;

let current: Session | null = read();
let endReason: EndReason | null = null;
const listeners = new Set<Listener>();

function read(): Session | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const session = JSON.parse(raw) as Session;
    return Date.parse(session.expiresAt) > Date.now() ? session : null;
  } catch {
    return null;
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

export const session = {
  get(): Session | null {
    return current;
  },
  token(): string | null {
    return current?.token ?? null;
  },
  /** Why the last session ended (shown on the login screen), until the next sign-in. */
  endReason(): EndReason | null {
    return endReason;
  },
  start(next: Session): void {
    current = next;
    endReason = null;
    sessionStorage.setItem(KEY, JSON.stringify(next));
    emit();
  },
  end(reason: EndReason): void {
    if (!current) return;
    current = null;
    endReason = reason;
    sessionStorage.removeItem(KEY);
    emit();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
