/**
 * Whether the screen holds changes not saved yet, and the one question asked before they would be lost
 * (a link, Back, signing out): a screen says `unsaved.set(true)` while it has some; the prompt of the
 * shell (components/UnsavedChangesPrompt) asks, and answers through `confirm`.
 */
type Listener = () => void;

let dirty = false;
let asking: ((leave: boolean) => void) | null = null;
const listeners = new Set<Listener>();
const emit = () => {
  for (const listener of listeners) listener();
};

export const unsaved = {
  dirty: () => dirty,
  set(next: boolean): void {
    if (next === dirty) return;
    dirty = next;
    emit();
  },
  /** Resolves true when there is nothing to lose or the person chooses to leave without saving. */
  confirm(): Promise<boolean> {
    if (!dirty) return Promise.resolve(true);
    return new Promise((resolve) => {
      asking?.(false);
      asking = resolve;
      emit();
    });
  },
  /** The question in flight, for the prompt to show. */
  asking: () => asking !== null,
  answer(leave: boolean): void {
    const resolve = asking;
    asking = null;
    if (leave) dirty = false;
    emit();
    resolve?.(leave);
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
