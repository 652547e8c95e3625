import { parseKey, type Stored, setEdit } from './matrixModel';

/**
 * The matrix's unsaved edits, outside React state: one `Map` for every cell, a version per date so that
 * only the rows of an edited date render again, and a global version for the totals and the save bar.
 */
export class EditStore {
  edits = new Map<string, number>();
  private version = 0;
  private dateVersions = new Map<string, number>();
  /** Moves on at each reset, so that every row reads its cells again. */
  private generation = 0;
  private listeners = new Set<() => void>();

  constructor(public stored: ReadonlyMap<string, Stored>) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = () => this.version;
  dateVersion = (date: string) => `${this.generation}:${this.dateVersions.get(date) ?? 0}`;

  value(key: string): number {
    return this.edits.get(key) ?? this.stored.get(key)?.required ?? 0;
  }

  isEdited = (key: string) => this.edits.has(key);

  /** Sets cells (one typed value or a pasted block) and tells the subscribers once. */
  set(changes: readonly { key: string; value: number }[]): void {
    for (const { key, value } of changes) {
      setEdit(this.stored, this.edits, key, value);
      const { date } = parseKey(key);
      this.dateVersions.set(date, (this.dateVersions.get(date) ?? 0) + 1);
    }
    this.emit();
  }

  /** New stored cells (after a save, a reload or a template) and the edits that remain over them. */
  reset(stored: ReadonlyMap<string, Stored>, edits = new Map<string, number>()): void {
    this.stored = stored;
    this.edits = edits;
    this.dateVersions.clear();
    this.generation += 1;
    this.emit();
  }

  private emit() {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}
