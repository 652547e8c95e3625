import type { Language } from './format';

/**
 * The language shown: the signed-in person's profile preference once it is known; before sign-in the
 * last choice made in this tab, else the browser's preference. Kept in `sessionStorage` (never
 * `localStorage`), as the session is.
 */
const KEY = 'rostering.language';
type Listener = () => void;
const listeners = new Set<Listener>();

function initial(): Language {
  try {
    const stored = sessionStorage.getItem(KEY);
    if (stored === 'en' || stored === 'ar') return stored;
  } catch {}
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return preferred.some((tag) => tag?.toLowerCase().startsWith('ar')) ? 'ar' : 'en';
}

let current: Language = initial();

export const language = {
  get: (): Language => current,
  set(next: Language): void {
    if (next === current) return;
    current = next;
    try {
      sessionStorage.setItem(KEY, next);
    } catch {}
    for (const listener of listeners) listener();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
