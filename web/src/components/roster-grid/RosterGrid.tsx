// biome-ignore-all lint/a11y/useSemanticElements: a virtualised grid's rows and cells come and go; a table cannot hold them
// biome-ignore-all lint/a11y/useFocusableInteractive: one tab stop: the roving focus is on the cells, not on rows and headers
// biome-ignore-all lint/a11y/useKeyWithClickEvents: keys are handled once, on the grid (arrows, Enter)
import { useDirection } from '@mantine/core';
import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import {
  type CSSProperties,
  type KeyboardEvent,
  memo,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { type CodeNames, useCodeNames } from '../../lib/api/lookups';
import {
  type GridCell,
  type GridEmployee,
  type GridModel,
  moveFocus,
  type Position,
  withFocused,
} from './gridModel';
import classes from './RosterGrid.module.css';
import { WISH_SYMBOL, type WishMark } from './wishMarks';

const ROW_H = 40;
const HEADER_H = 44;
const COL_W = 72;

export interface RosterGridProps {
  model: GridModel;
  /** The grid's accessible name. */
  label: string;
  cornerLabel: string;
  dateHeader: (date: string) => ReactNode;
  dateLabel: (date: string) => string;
  cellLabel: (cell: GridCell | null, employee: GridEmployee, date: string) => string;
  employeeName: (employee: GridEmployee) => string;
  isWeekend?: (date: string) => boolean;
  /** Heads missing per date: those dates are highlighted. */
  gapsByDate?: ReadonlyMap<string, number>;
  /** Enter or a click on a cell. */
  onOpen: (at: Position, cell: GridCell | null, employee: GridEmployee, date: string) => void;
  blockSize?: string;
  /** The employee's wish that day, marked on the cell (issue 35). */
  wishOf?: (employee: GridEmployee, date: string) => WishMark | undefined;
  /** Keys the grid leaves to its editor (Delete, cut, paste, undo) before its own: true when handled. */
  onCellKey?: (event: KeyboardEvent<HTMLDivElement>, at: Position) => boolean;
  /** A shift dragged onto another cell; without it nothing is draggable. */
  onDropCell?: (from: Position, to: Position) => void;
  /** The cell cut for pasting elsewhere, marked until it is pasted or let go. */
  cutAt?: Position | null;
  /** A column after the dates, kept in view at the inline end: one summary per employee. */
  rowSummary?: RowSummary;
}

/** What a summary column shows; memoise it: every row renders again when it changes. */
export interface RowSummary {
  header: (narrow: boolean) => ReactNode;
  /** Its width in pixels when the grid is narrow (under 560 px) and when it is not. */
  width: { narrow: number; wide: number };
  render: (employee: GridEmployee, narrow: boolean) => { content: ReactNode; label: string };
}

const DRAGGED_CELL = 'application/x-roster-cell';

/**
 * Employees × dates, one cell per assignment; rows and columns are virtualised (only what is in view is
 * in the document), the employee column and the date header stay in place, and a CSS grid with logical
 * properties mirrors it in Arabic. One tab stop: arrow keys, Home/End and Page keys move a roving focus,
 * Enter opens the cell.
 */
export function RosterGrid(props: RosterGridProps) {
  const { model, gapsByDate } = props;
  const rtl = useDirection().dir === 'rtl';
  const names = useCodeNames();
  const scroller = useRef<HTMLDivElement>(null);
  const [focus, setFocus] = useState<Position>({ row: 0, column: 0 });
  const moved = useRef(false);
  const [narrow, setNarrow] = useState(false);
  const nameW = narrow ? 112 : 176;
  const summary = props.rowSummary;
  const summaryW = summary ? summary.width[narrow ? 'narrow' : 'wide'] : 0;

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setNarrow(element.clientWidth < 560));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const rows = useVirtualizer({
    count: model.employees.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_H,
    paddingStart: HEADER_H,
    scrollPaddingStart: HEADER_H,
    overscan: 6,
    rangeExtractor: useCallback(
      (range: Range) => withFocused(defaultRangeExtractor(range), focus.row),
      [focus.row],
    ),
  });
  const columns = useVirtualizer({
    horizontal: true,
    isRtl: rtl,
    count: model.dates.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => COL_W,
    paddingStart: nameW,
    scrollPaddingStart: nameW,
    paddingEnd: summaryW,
    scrollPaddingEnd: summaryW,
    overscan: 3,
    rangeExtractor: useCallback(
      (range: Range) => withFocused(defaultRangeExtractor(range), focus.column),
      [focus.column],
    ),
  });

  // The grid is painted: how long since its data arrived (the benchmark reads this measure).
  useEffect(() => {
    if (!model.employees.length) return;
    const frame = requestAnimationFrame(() =>
      setTimeout(() => {
        if (performance.getEntriesByName('roster-grid:data').length)
          performance.measure('roster-grid', 'roster-grid:data');
      }),
    );
    return () => cancelAnimationFrame(frame);
  }, [model]);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    scroller.current
      ?.querySelector<HTMLElement>(`[data-cell="${focus.row}:${focus.column}"]`)
      ?.focus({ preventScroll: true });
  });

  const go = (next: Position) => {
    moved.current = true;
    setFocus(next);
    rows.scrollToIndex(next.row);
    columns.scrollToIndex(next.column);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!model.employees.length) return;
    if (props.onCellKey?.(event, focus)) {
      event.preventDefault();
      return;
    }
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const employee = model.employees[focus.row]!;
      props.onOpen(
        focus,
        model.cells[focus.row]![focus.column] ?? null,
        employee,
        model.dates[focus.column]!,
      );
      return;
    }
    const page = Math.max(1, Math.floor(((scroller.current?.clientHeight ?? 400) - HEADER_H) / ROW_H) - 1);
    const next = moveFocus(
      focus,
      event.key,
      { rows: model.employees.length, columns: model.dates.length, page },
      rtl,
      event.ctrlKey || event.metaKey,
    );
    if (!next) return;
    event.preventDefault();
    go(next);
  };

  const style = {
    '--name-w': `${nameW}px`,
    '--col-w': `${COL_W}px`,
    '--cols': model.dates.length,
    '--summary-w': `${summaryW}px`,
    '--row-h': `${ROW_H}px`,
    '--header-h': `${HEADER_H}px`,
    blockSize: props.blockSize ?? `min(70vh, ${HEADER_H + ROW_H * model.employees.length + 4}px)`,
  } as CSSProperties;
  const width = nameW + COL_W * model.dates.length + summaryW;
  const visibleColumns = columns.getVirtualItems();
  const columnIndexes = visibleColumns.map((column) => column.index);
  const columnsKey = columnIndexes.join(',');
  // The parent's callback through a ref: rows stay memoised while the parent renders anew.
  const onOpen = useRef(props.onOpen);
  onOpen.current = props.onOpen;
  const onCell = useCallback((at: Position, cell: GridCell | null, employee: GridEmployee, date: string) => {
    setFocus(at);
    onOpen.current(at, cell, employee, date);
  }, []);
  const onDropCell = useRef(props.onDropCell);
  onDropCell.current = props.onDropCell;
  const dropping = props.onDropCell !== undefined;
  const onDrop = useCallback((from: Position, to: Position) => {
    setFocus(to);
    onDropCell.current?.(from, to);
  }, []);

  return (
    <div
      ref={scroller}
      className={classes.scroller}
      style={style}
      role="grid"
      aria-label={props.label}
      aria-rowcount={model.employees.length + 1}
      aria-colcount={model.dates.length + (summary ? 2 : 1)}
      onKeyDown={onKeyDown}
      data-testid="roster-grid"
    >
      <div className={classes.sizer} style={{ blockSize: rows.getTotalSize(), inlineSize: width }}>
        <div role="row" aria-rowindex={1} className={classes.header} style={{ inlineSize: width }}>
          <div role="columnheader" aria-colindex={1} className={classes.corner}>
            {props.cornerLabel}
          </div>
          {visibleColumns.map((column) => {
            const date = model.dates[column.index]!;
            const gaps = gapsByDate?.get(date) ?? 0;
            return (
              <div
                key={column.key}
                role="columnheader"
                aria-colindex={column.index + 2}
                aria-label={props.dateLabel(date)}
                className={[
                  classes.date,
                  props.isWeekend?.(date) ? classes.weekend : '',
                  gaps > 0 ? classes.gapDate : '',
                ].join(' ')}
                style={{ gridColumn: column.index + 2 }}
                data-gaps={gaps || undefined}
              >
                {props.dateHeader(date)}
              </div>
            );
          })}
          {summary && (
            <div
              role="columnheader"
              aria-colindex={model.dates.length + 2}
              className={`${classes.corner} ${classes.summary}`}
            >
              {summary.header(narrow)}
            </div>
          )}
        </div>
        {rows.getVirtualItems().map((row) => (
          <GridRow
            key={row.key}
            index={row.index}
            start={row.start}
            width={width}
            employee={model.employees[row.index]!}
            line={model.cells[row.index]!}
            dates={model.dates}
            columns={columnIndexes}
            columnsKey={columnsKey}
            focusColumn={focus.row === row.index ? focus.column : -1}
            cellLabel={props.cellLabel}
            employeeName={props.employeeName}
            names={names}
            onCell={onCell}
            wishOf={props.wishOf}
            onDrop={dropping ? onDrop : undefined}
            cutColumn={props.cutAt?.row === row.index ? props.cutAt.column : -1}
            summary={summary}
            narrow={narrow}
          />
        ))}
      </div>
    </div>
  );
}

interface GridRowProps {
  index: number;
  start: number;
  width: number;
  employee: GridEmployee;
  line: (GridCell | null)[];
  dates: string[];
  columns: number[];
  columnsKey: string;
  /** The focused column when the roving focus is on this row, else −1. */
  focusColumn: number;
  cellLabel: RosterGridProps['cellLabel'];
  employeeName: RosterGridProps['employeeName'];
  names: CodeNames;
  onCell: (at: Position, cell: GridCell | null, employee: GridEmployee, date: string) => void;
  wishOf?: RosterGridProps['wishOf'];
  /** Shifts may be dragged from and dropped on this row's cells. */
  onDrop?: (from: Position, to: Position) => void;
  /** The cut column when the cut cell is on this row, else −1. */
  cutColumn: number;
  summary: RowSummary | undefined;
  narrow: boolean;
}

/**
 * One employee's row, rendered again only when it moves, its columns change or the focus enters or
 * leaves it: scrolling down renders the rows that come into view, not every row in view.
 */
const GridRow = memo(
  function GridRow(props: GridRowProps) {
    const { index, employee, line, dates, names } = props;
    const summary = props.summary?.render(employee, props.narrow);
    return (
      <div
        role="row"
        aria-rowindex={index + 2}
        className={classes.row}
        style={{ transform: `translateY(${props.start}px)`, inlineSize: props.width }}
      >
        <div
          role="rowheader"
          aria-colindex={1}
          className={classes.name}
          title={`${employee.employeeNumber} · ${props.employeeName(employee)}`}
        >
          <span className={classes.number}>{employee.employeeNumber}</span>
          <span className={classes.employeeName}>{props.employeeName(employee)}</span>
        </div>
        {props.columns.map((column) => {
          const cell = line[column] ?? null;
          const date = dates[column]!;
          const wish = props.wishOf?.(employee, date);
          const label = props.cellLabel(cell, employee, date);
          return (
            <div
              key={column}
              role="gridcell"
              aria-colindex={column + 2}
              aria-label={wish ? `${label}. ${wish.label}` : label}
              title={wish?.label}
              data-wish={wish?.kind}
              tabIndex={props.focusColumn === column ? 0 : -1}
              data-cell={`${index}:${column}`}
              data-date={date}
              data-employee={employee.employeeNumber}
              data-night={cell?.night || undefined}
              data-lent={cell?.lent || undefined}
              data-edited={cell?.edited || undefined}
              data-cut={props.cutColumn === column || undefined}
              draggable={props.onDrop !== undefined && cell !== null}
              onDragStart={(event) => event.dataTransfer.setData(DRAGGED_CELL, `${index}:${column}`)}
              onDragOver={(event) => {
                if (props.onDrop && event.dataTransfer.types.includes(DRAGGED_CELL)) event.preventDefault();
              }}
              onDrop={(event) => {
                const [row, from] = event.dataTransfer.getData(DRAGGED_CELL).split(':').map(Number);
                if (!props.onDrop || row === undefined || from === undefined || Number.isNaN(row)) return;
                event.preventDefault();
                props.onDrop({ row, column: from }, { row: index, column });
              }}
              className={[
                classes.cell,
                cell ? (cell.night ? classes.night : classes.work) : '',
                cell?.lent ? classes.lent : '',
                cell?.fixed ? classes.fixed : '',
                cell?.edited ? classes.edited : '',
                props.cutColumn === column ? classes.cut : '',
                wish ? classes.wishCell : '',
              ].join(' ')}
              style={{ gridColumn: column + 2 }}
              onClick={() => props.onCell({ row: index, column }, cell, employee, date)}
            >
              {wish && (
                <span className={classes.wish} aria-hidden>
                  {WISH_SYMBOL[wish.kind]}
                </span>
              )}
              {cell && (
                <>
                  <span className={classes.code} aria-hidden>
                    {cell.night ? '☾ ' : ''}
                    {names.shortShift(cell.shiftCode)}
                    {cell.lent ? ' ⇄' : ''}
                  </span>
                  <span className={classes.terminal} aria-hidden>
                    {names.terminal(cell.terminalCode)}
                  </span>
                </>
              )}
            </div>
          );
        })}
        {summary && (
          <div
            role="gridcell"
            aria-colindex={dates.length + 2}
            aria-label={summary.label}
            className={`${classes.name} ${classes.summary}`}
            data-summary={employee.employeeNumber}
          >
            {summary.content}
          </div>
        )}
      </div>
    );
  },
  (a, b) =>
    a.index === b.index &&
    a.start === b.start &&
    a.width === b.width &&
    a.line === b.line &&
    a.employee === b.employee &&
    a.columnsKey === b.columnsKey &&
    a.focusColumn === b.focusColumn &&
    a.cellLabel === b.cellLabel &&
    a.employeeName === b.employeeName &&
    a.names === b.names &&
    a.onCell === b.onCell &&
    a.wishOf === b.wishOf &&
    a.onDrop === b.onDrop &&
    a.cutColumn === b.cutColumn &&
    a.summary === b.summary &&
    a.narrow === b.narrow,
);

/** What the marks of the grid mean, under it. */
export function GridLegend({
  night,
  lent,
  fixed,
  gap,
  wish,
}: {
  night: string;
  lent: string;
  fixed?: string;
  gap?: string;
  /** What the wish marks mean (issue 35). */
  wish?: string;
}) {
  return (
    <div className={classes.legend}>
      <span>
        <span className={`${classes.swatch} ${classes.night}`} aria-hidden />☾ {night}
      </span>
      <span>
        <span className={`${classes.swatch} ${classes.work} ${classes.lent}`} aria-hidden />⇄ {lent}
      </span>
      {fixed && (
        <span>
          <span className={`${classes.swatch} ${classes.work} ${classes.fixed}`} aria-hidden />
          {fixed}
        </span>
      )}
      {gap && (
        <span>
          <span className={`${classes.swatch} ${classes.gapDate}`} aria-hidden />
          {gap}
        </span>
      )}
      {wish && <span data-testid="wish-legend">{wish}</span>}
    </div>
  );
}
