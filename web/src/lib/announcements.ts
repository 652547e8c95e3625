/**
 * What the last decision did, said once at the top of the screen (components/Announcement): an item that
 * leaves a queue when decided, or a shift that goes onto the roster, never just vanishes.
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
