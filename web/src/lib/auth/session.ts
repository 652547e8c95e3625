/**
 * The signed-in session: the bearer token lives in memory and in `sessionStorage` (so a reload of this
 * tab keeps it, a closed browser does not); never in `localStorage`. A new tab of the same browser asks
 * the others over a BroadcastChannel (same origin only) and takes the session of a tab that holds one.
 * Subscribers hear every change, so the router leaves a screen the moment the session ends.
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
const CHANNEL = 'rostering.session';
/** How long a tab without a session waits for a signed-in tab to answer before it shows the sign-in. */
const ASK_MS = 300;
type Listener = () => void;
type Message = { kind: 'ask' } | { kind: 'session'; session: Session };

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

const usable = (candidate: Partial<Session> | undefined): candidate is Session =>
  typeof candidate?.token === 'string' &&
  typeof candidate.username === 'string' &&
  typeof candidate.expiresAt === 'string' &&
  Date.parse(candidate.expiresAt) > Date.now();

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

const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
// Only a tab that holds a session answers; the others stay silent.
channel?.addEventListener('message', (event: MessageEvent<Message>) => {
  if (event.data?.kind === 'ask' && current) channel.postMessage({ kind: 'session', session: current });
});

/**
 * For a tab opened without a session (a link opened in a new tab): the session of another signed-in tab
 * of this browser, when one answers within a moment; resolves either way.
 */
export function askOtherTabs(wait = ASK_MS): Promise<void> {
  const open = channel;
  if (current || !open) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      open.removeEventListener('message', answered);
      resolve();
    };
    const answered = (event: MessageEvent<Message>) => {
      if (event.data?.kind !== 'session' || !usable(event.data.session)) return;
      if (!current) session.start(event.data.session);
      done();
    };
    const timer = setTimeout(done, wait);
    open.addEventListener('message', answered);
    open.postMessage({ kind: 'ask' } satisfies Message);
  });
}
