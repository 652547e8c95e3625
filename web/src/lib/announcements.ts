import { session } from './auth/session';

/**
 * What the last decision did, said once at the top of the screen (components/Announcement): an item that
 * leaves a queue when decided, or a shift that goes onto the roster, never just vanishes. It is the
 * person's own: a session that ends or begins takes it away, so the next person on the device never
 * reads it.
 */
type Listener = () => void;
let current: { text: string; id: number } | null = null;
let next = 0;
const listeners = new Set<Listener>();

export const announcements = {
  current: () => current,
  say(text: string): void {
    next += 1;
    current = { text, id: next };
    for (const listener of listeners) listener();
  },
  clear(): void {
    if (!current) return;
    current = null;
    for (const listener of listeners) listener();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

let heardBy = session.get()?.username ?? null;
session.subscribe(() => {
  const now = session.get()?.username ?? null;
  if (now !== heardBy) announcements.clear();
  heardBy = now;
});
