import { parseKey, type Stored, setEdit, type Totals, totals } from './matrixModel';

/**
 * The matrix's unsaved edits, outside React state: one `Map` for every cell, a version per date so that
 * only the rows of an edited date render again, a global version for the save bar, and the totals kept
 * up to date by each edit's difference (a keystroke costs the same in a plan of 10 cells or 10,000).
 */
export class EditStore {
  edits = new Map<string, number>();
  totals: Totals;
  private version = 0;
  private dateVersions = new Map<string, number>();
  /** Moves on at each reset, so that every row reads its cells again. */
  private generation = 0;
  private listeners = new Set<() => void>();

  constructor(
    public stored: ReadonlyMap<string, Stored>,
    initial: ReadonlyMap<string, number> = new Map(),
  ) {
    this.edits = new Map(initial);
    this.totals = totals(stored, this.edits);
  }

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
    const sums = this.totals;
    const bump = (map: Map<string, number>, name: string, delta: number) =>
      map.set(name, (map.get(name) ?? 0) + delta);
    for (const { key, value } of changes) {
      const delta = value - this.value(key);
      setEdit(this.stored, this.edits, key, value);
      const { date, terminalCode, shiftTemplateCode } = parseKey(key);
      this.dateVersions.set(date, (this.dateVersions.get(date) ?? 0) + 1);
      if (delta === 0) continue;
      bump(sums.byDate, date, delta);
      bump(sums.byShift, shiftTemplateCode, delta);
      bump(sums.byColumn, `${terminalCode}|${shiftTemplateCode}`, delta);
      sums.total += delta;
    }
    this.totals = { ...sums };
    this.emit();
  }

  /** New stored cells (after a save, a reload or a template) and the edits that remain over them. */
  reset(stored: ReadonlyMap<string, Stored>, edits = new Map<string, number>()): void {
    this.stored = stored;
    this.edits = edits;
    this.totals = totals(stored, edits);
    this.dateVersions.clear();
    this.generation += 1;
    this.emit();
  }

  private emit() {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}
