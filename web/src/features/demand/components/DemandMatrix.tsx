import { useDirection } from '@mantine/core';
import {
  type ClipboardEvent,
  type KeyboardEvent,
  memo,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { formatNumber } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import classes from './DemandMatrix.module.css';
import type { EditStore } from './editStore';
import {
  type Column,
  cellKey,
  keyAt,
  move,
  moveOfKey,
  type PasteResult,
  type Position,
  parseBlock,
  parseRequired,
  pasteBlock,
  type Row,
} from './matrixModel';

const ROW_HEIGHT = 34;
const OVERSCAN = 8;

export interface MatrixLabels {
  date: (date: string) => string;
  skill: (code: string) => string;
  terminal: (code: string) => string;
  shift: (code: string) => string;
}

interface Props {
  rows: readonly Row[];
  columns: readonly Column[];
  store: EditStore;
  readOnly: boolean;
  labels: MatrixLabels;
  /** Dates whose skill lines show; undefined when the plan has no skill lines to fold. */
  unfolded?: (date: string) => boolean;
  onToggleDate: (date: string) => void;
  onPaste: (result: PasteResult) => void;
}

const cellId = (row: number, col: number) => `demand-cell-${row}-${col}`;

/**
 * The plan as a grid of dates (with their skill lines) × terminals' shifts. One tab stop: the arrows move
 * the active cell (`aria-activedescendant`), typing a number or Enter edits it, Enter and Tab commit and
 * move on, Delete empties it, Escape cancels; a block pasted from a spreadsheet fills cells from the
 * active one. Only the rows in view are rendered; the edits live in the `EditStore`, not in React state.
 */
export function DemandMatrix({
  rows,
  columns,
  store,
  readOnly,
  labels,
  unfolded,
  onToggleDate,
  onPaste,
}: Props) {
  const t = useT();
  const lang = useLanguage();
  const { dir } = useDirection();
  const scroller = useRef<HTMLDivElement>(null);
  const grid = useRef<HTMLTableElement>(null);
  const [active, setActive] = useState<Position>({ row: 0, col: 0 });
  const [editing, setEditing] = useState<string | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(600);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setViewport(element.clientHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // The active cell stays inside the matrix when rows fold away.
  useEffect(() => {
    setActive((current) =>
      current.row < rows.length && current.col < columns.length
        ? current
        : {
            row: Math.max(0, Math.min(current.row, rows.length - 1)),
            col: Math.max(0, Math.min(current.col, columns.length - 1)),
          },
    );
  }, [rows.length, columns.length]);

  // Bring the active cell into view: rows by the scroll offset (they may not be rendered), columns by the element.
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const top = active.row * ROW_HEIGHT;
    const header = 2 * ROW_HEIGHT;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + ROW_HEIGHT > element.scrollTop + element.clientHeight - header - ROW_HEIGHT)
      element.scrollTop = top + 2 * ROW_HEIGHT + header - element.clientHeight + ROW_HEIGHT;
    requestAnimationFrame(() =>
      document
        .getElementById(cellId(active.row, active.col))
        ?.scrollIntoView({ block: 'nearest', inline: 'nearest' }),
    );
  }, [active]);

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + viewport) / ROW_HEIGHT) + OVERSCAN);

  const go = (next: Position) => {
    setActive(next);
    grid.current?.focus({ preventScroll: true });
  };

  const commit = (text: string) => {
    const value = parseRequired(text);
    if (value === null) return false;
    store.set([{ key: keyAt(rows, columns, active), value }]);
    setEditing(null);
    return true;
  };

  const onGridKey = (event: KeyboardEvent<HTMLTableElement>) => {
    if (editing !== null || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Tab') return; // The matrix is one tab stop: Tab leaves it.
    const step = event.key === 'Enter' ? null : moveOfKey(event.key, event.shiftKey, dir);
    if (step) {
      event.preventDefault();
      go(move(active, step, rows.length, columns.length));
      return;
    }
    if (readOnly || rows.length === 0) return;
    if (event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault();
      setEditing(String(store.value(keyAt(rows, columns, active))));
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      store.set([{ key: keyAt(rows, columns, active), value: 0 }]);
    } else if (/^[0-9\u0660-\u0669]$/.test(event.key)) {
      event.preventDefault();
      setEditing(event.key);
    }
  };

  const onEditorKeyNow = (event: KeyboardEvent<HTMLInputElement>) => {
    const text = event.currentTarget.value;
    if (event.key === 'Escape') {
      event.preventDefault();
      setEditing(null);
      grid.current?.focus({ preventScroll: true });
      return;
    }
    const step =
      event.key === 'Enter' || event.key === 'Tab' || event.key === 'ArrowUp' || event.key === 'ArrowDown'
        ? moveOfKey(event.key, event.shiftKey, dir)
        : null;
    if (!step) return;
    event.preventDefault();
    if (commit(text)) go(move(active, step, rows.length, columns.length));
  };

  // The rows get handlers that never change (so that a memoised row renders only when its own data
  // does); they call the latest closures through a ref.
  const latest = useRef({ onEditorKeyNow, commit, go, editing, onToggleDate });
  latest.current = { onEditorKeyNow, commit, go, editing, onToggleDate };
  const [handlers] = useState(() => ({
    onEditorKey: (event: KeyboardEvent<HTMLInputElement>) => latest.current.onEditorKeyNow(event),
    onEditorBlur: (text: string) => {
      if (!latest.current.commit(text)) setEditing(null);
    },
    onPick: (row: number, col: number) => {
      if (latest.current.editing !== null) setEditing(null);
      latest.current.go({ row, col });
    },
    onToggle: (date: string) => latest.current.onToggleDate(date),
  }));

  const onGridPaste = (event: ClipboardEvent<HTMLTableElement>) => {
    if (readOnly || editing !== null || rows.length === 0) return;
    event.preventDefault();
    const result = pasteBlock(active, parseBlock(event.clipboardData.getData('text/plain')), rows, columns);
    store.set(result.edits);
    onPaste(result);
  };

  const width = `calc(var(--matrix-head) + ${columns.length + 1} * var(--matrix-cell))`;
  return (
    <>
      <div
        ref={scroller}
        className={classes.scroller}
        onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      >
        <table
          ref={grid}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an editable table is the ARIA grid pattern
          role="grid"
          tabIndex={0}
          aria-label={t('demand.matrix.label')}
          aria-describedby="demand-matrix-help"
          aria-rowcount={rows.length + 2}
          aria-colcount={columns.length + 2}
          aria-readonly={readOnly || undefined}
          aria-activedescendant={rows.length ? cellId(active.row, active.col) : undefined}
          className={classes.grid}
          style={{ width }}
          onKeyDown={onGridKey}
          onPaste={onGridPaste}
          data-testid="demand-matrix"
        >
          <thead className={classes.head}>
            <tr aria-rowindex={1} className={classes.row}>
              <th scope="col" aria-colindex={1} className={`${classes.rowHead} ${classes.corner}`}>
                {t('demand.matrix.date')}
              </th>
              {columns.map((column, col) => (
                <th
                  scope="col"
                  aria-colindex={col + 2}
                  key={`${column.terminal}|${column.shift}`}
                  className={classes.columnHead}
                  title={`${labels.terminal(column.terminal)} · ${labels.shift(column.shift)}`}
                >
                  <span className={classes.terminal}>{column.terminal}</span>
                  <span className={classes.shift}>{labels.shift(column.shift)}</span>
                </th>
              ))}
              <th scope="col" aria-colindex={columns.length + 2} className={classes.columnHead}>
                {t('demand.matrix.dateTotal')}
              </th>
            </tr>
          </thead>
          <tbody className={classes.body} style={{ height: rows.length * ROW_HEIGHT }}>
            {rows.slice(first, last).map((row, i) => {
              const index = first + i;
              return (
                <MatrixRow
                  key={`${row.date}|${row.skill ?? ''}`}
                  index={index}
                  row={row}
                  columns={columns}
                  store={store}
                  labels={labels}
                  activeCol={active.row === index ? active.col : -1}
                  editing={active.row === index ? editing : null}
                  expanded={row.skill === null && unfolded ? unfolded(row.date) : undefined}
                  onToggle={handlers.onToggle}
                  onPick={handlers.onPick}
                  onEditorKey={handlers.onEditorKey}
                  onEditorBlur={handlers.onEditorBlur}
                  lang={lang}
                />
              );
            })}
          </tbody>
          <Footer columns={columns} store={store} rowCount={rows.length} />
        </table>
      </div>
      <p id="demand-matrix-help" className={classes.help}>
        {t(readOnly ? 'demand.matrix.helpReadOnly' : 'demand.matrix.help')}
      </p>
    </>
  );
}

interface RowProps {
  index: number;
  row: Row;
  columns: readonly Column[];
  store: EditStore;
  labels: MatrixLabels;
  activeCol: number;
  editing: string | null;
  expanded: boolean | undefined;
  onToggle: (date: string) => void;
  onPick: (row: number, col: number) => void;
  onEditorKey: (event: KeyboardEvent<HTMLInputElement>) => void;
  onEditorBlur: (text: string) => void;
  lang: 'en' | 'ar';
}

const MatrixRow = memo(function MatrixRow({
  index,
  row,
  columns,
  store,
  labels,
  activeCol,
  editing,
  expanded,
  onToggle,
  onPick,
  onEditorKey,
  onEditorBlur,
  lang,
}: RowProps) {
  const t = useT();
  // Renders again only when a cell of this row's date changes.
  useSyncExternalStore(store.subscribe, () => store.dateVersion(row.date));
  const general = row.skill === null;
  let rowTotal = 0;
  return (
    <tr
      aria-rowindex={index + 2}
      className={`${classes.row} ${general ? classes.general : classes.skillRow}`}
      style={{ transform: `translateY(${index * ROW_HEIGHT}px)` }}
      data-date={row.date}
      data-skill={row.skill ?? ''}
    >
      <th scope="row" aria-colindex={1} className={classes.rowHead}>
        {general ? (
          <>
            {expanded !== undefined && (
              <button
                type="button"
                className={classes.fold}
                aria-expanded={expanded}
                aria-label={t(expanded ? 'demand.matrix.fold' : 'demand.matrix.unfold', {
                  date: labels.date(row.date),
                })}
                onClick={() => onToggle(row.date)}
                tabIndex={-1}
              >
                {expanded ? '−' : '+'}
              </button>
            )}
            <span>{labels.date(row.date)}</span>
          </>
        ) : (
          <span className={classes.skillName}>{labels.skill(row.skill!)}</span>
        )}
      </th>
      {columns.map((column, col) => {
        const key = cellKey(row.date, column.terminal, column.shift, row.skill);
        const value = store.value(key);
        rowTotal += value;
        const isActive = col === activeCol;
        return (
          <td
            aria-colindex={col + 2}
            id={cellId(index, col)}
            key={key}
            className={`${classes.cell} ${isActive ? classes.active : ''} ${store.isEdited(key) ? classes.edited : ''}`}
            onMouseDown={(event) => {
              if (!(event.target instanceof HTMLInputElement)) {
                event.preventDefault();
                onPick(index, col);
              }
            }}
            data-key={key}
          >
            {isActive && editing !== null ? (
              <Editor
                initial={editing}
                onKeyDown={onEditorKey}
                onBlur={onEditorBlur}
                label={t('demand.matrix.editor')}
              />
            ) : value === 0 ? (
              ''
            ) : (
              formatNumber(lang, value)
            )}
          </td>
        );
      })}
      <td aria-colindex={columns.length + 2} className={`${classes.cell} ${classes.total}`}>
        {general ? <DateTotal date={row.date} store={store} /> : formatNumber(lang, rowTotal)}
      </td>
    </tr>
  );
});

function Editor({
  initial,
  onKeyDown,
  onBlur,
  label,
}: {
  initial: string;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  onBlur: (text: string) => void;
  label: string;
}) {
  const [text, setText] = useState(initial);
  const ref = useRef<HTMLInputElement>(null);
  // Escape leaves the editor, which blurs it: that blur must not keep what was typed.
  const cancelled = useRef(false);
  useLayoutEffect(() => {
    const input = ref.current;
    if (!input) return;
    input.focus({ preventScroll: true });
    input.setSelectionRange(input.value.length, input.value.length);
  }, []);
  const invalid = parseRequired(text) === null;
  return (
    <input
      ref={ref}
      className={classes.editor}
      inputMode="numeric"
      aria-label={label}
      aria-invalid={invalid || undefined}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') cancelled.current = true;
        onKeyDown(event);
      }}
      onBlur={(event) => {
        if (!cancelled.current) onBlur(event.currentTarget.value);
      }}
      data-testid="matrix-editor"
    />
  );
}

/** Totals per column (a terminal's shift) and overall. */
function Footer({
  columns,
  store,
  rowCount,
}: {
  columns: readonly Column[];
  store: EditStore;
  rowCount: number;
}) {
  const t = useT();
  const lang = useLanguage();
  const sums = useTotals(store);
  return (
    <tfoot className={classes.foot}>
      <tr aria-rowindex={rowCount + 2} className={classes.row}>
        <th scope="row" aria-colindex={1} className={`${classes.rowHead} ${classes.corner}`}>
          {t('demand.matrix.columnTotal')}
        </th>
        {columns.map((column, col) => (
          <td
            aria-colindex={col + 2}
            key={`${column.terminal}|${column.shift}`}
            className={`${classes.cell} ${classes.total}`}
          >
            {formatNumber(lang, sums.byColumn.get(`${column.terminal}|${column.shift}`) ?? 0)}
          </td>
        ))}
        <td
          aria-colindex={columns.length + 2}
          className={`${classes.cell} ${classes.total}`}
          data-testid="matrix-total"
        >
          {formatNumber(lang, sums.total)}
        </td>
      </tr>
    </tfoot>
  );
}

/** A date's total over its skill lines. */
function DateTotal({ date, store }: { date: string; store: EditStore }) {
  const lang = useLanguage();
  const sums = useTotals(store);
  return <>{formatNumber(lang, sums.byDate.get(date) ?? 0)}</>;
}

/** Totals per shift over every terminal, for the summary under the matrix. */
export function useTotals(store: EditStore) {
  return useSyncExternalStore(store.subscribe, () => store.totals);
}
