import { SaxesParser } from 'saxes';
import {
  DEFAULT_ZIP_LIMITS,
  type GuardedZip,
  openGuardedZip,
  ZipGuardError,
  type ZipLimits,
} from './zip-guard.ts';

/**
 * Reads the rows of an xlsx without trusting it: the bytes must be a zip holding `[Content_Types].xml`
 * and `xl/workbook.xml` (the file name does not count), every part is inflated behind the zip guard,
 * and the sheets are parsed as they inflate, under a row cap. A truncated file fails at once (its zip
 * directory is missing or an entry ends early); nothing is written to disk.
 */
export interface ReadLimits extends ZipLimits {
  /** Rows of one sheet, the header row included. */
  maxRows: number;
}

/**
 * Inflated bytes a sheet's XML may take per row of the row cap. An export of 100,000 employees (nine columns,
 * names in both languages, inline strings) is 348 bytes a row; 640 leaves room for longer names and styles.
 * A sheet that expands further is no spreadsheet of ours, only work for the parser: its declared size is
 * refused before a byte is inflated, and a size it lies about stops the inflation at the first byte past it.
 */
export const SHEET_BYTES_PER_ROW = 640;

/**
 * The limits for a file of `maxRows` rows a sheet: each part (a sheet, the shared strings) may expand to
 * `maxRows` × `SHEET_BYTES_PER_ROW`, all parts together to twice that (a workbook holds two or three sheets,
 * the shared strings and a few small parts, never several full ones).
 */
export function readLimitsFor(maxRows: number): ReadLimits {
  const maxEntryBytes = maxRows * SHEET_BYTES_PER_ROW;
  return { ...DEFAULT_ZIP_LIMITS, maxRows, maxEntryBytes, maxTotalBytes: 2 * maxEntryBytes };
}

/** 100,000 rows a sheet: each part at most 61 MiB inflated, the whole workbook at most 122 MiB. */
export const DEFAULT_READ_LIMITS: ReadLimits = readLimitsFor(100_000);

export type XlsxRefusal = 'NOT_XLSX' | 'TOO_MANY_ROWS' | 'UNSAFE_ARCHIVE' | 'CORRUPT';

export class XlsxError extends Error {
  constructor(
    readonly reason: XlsxRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'XlsxError';
  }
}

/** One row: its 1-based number in the sheet and its cells as text (empty string for a blank cell). */
export interface SheetRow {
  rowNumber: number;
  cells: string[];
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Cheap first look: a zip signature. The full sniff (the two parts) happens when the zip is opened. */
export const looksLikeZip = (buffer: Buffer): boolean =>
  buffer.length >= 4 && buffer.subarray(0, 4).equals(ZIP_MAGIC);

const wrap = (error: unknown): Error => {
  if (error instanceof XlsxError) return error;
  if (error instanceof ZipGuardError) {
    if (error.reason === 'NOT_A_ZIP') return new XlsxError('NOT_XLSX', error.message);
    if (error.reason === 'CORRUPT') return new XlsxError('CORRUPT', error.message);
    return new XlsxError('UNSAFE_ARCHIVE', error.message);
  }
  return new XlsxError('CORRUPT', (error as Error).message);
};

const columnIndex = (ref: string): number => {
  let n = 0;
  for (const ch of ref) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    n = n * 26 + (code - 64);
  }
  return n - 1;
};

async function parseXml(
  zip: GuardedZip,
  part: string,
  handlers: {
    open?: (name: string, attributes: Record<string, string>) => void;
    close?: (name: string) => void;
    text?: (text: string) => void;
    /** After each inflated chunk is parsed: what it answers holds the inflation until settled. */
    afterChunk?: () => void | Promise<void>;
  },
): Promise<void> {
  const parser = new SaxesParser({ xmlns: false });
  let failure: Error | null = null;
  parser.on('error', (error) => {
    failure ??= new XlsxError('CORRUPT', `${part}: ${error.message}`);
  });
  if (handlers.open) {
    const open = handlers.open;
    parser.on('opentag', (tag) => open(tag.name, tag.attributes as Record<string, string>));
  }
  if (handlers.close) {
    const close = handlers.close;
    parser.on('closetag', (tag) => close(tag.name));
  }
  if (handlers.text) parser.on('text', handlers.text);
  const decoder = new TextDecoder('utf-8');
  await zip.read(part, (chunk) => {
    parser.write(decoder.decode(chunk, { stream: true }));
    if (failure) throw failure;
    return handlers.afterChunk?.();
  });
  parser.write(decoder.decode());
  parser.close();
  if (failure) throw failure;
  await handlers.afterChunk?.();
}

/** An error thrown by a row consumer: it reaches the caller as it was, not as a refusal of the file. */
class ConsumerError extends Error {
  constructor(readonly original: unknown) {
    super('row consumer failed');
  }
}

export interface XlsxWorkbook {
  /** Sheet names in workbook order. */
  sheetNames: string[];
  /**
   * Streams a sheet's rows to `onRow`, the header first; throws past the row cap. Reading waits while a
   * promise `onRow` answered is pending; what `onRow` throws is thrown as it is.
   */
  rows(sheet: string, onRow: (row: SheetRow) => void | Promise<void>): Promise<void>;
  /** All rows of a sheet (bounded by the row cap). */
  readAll(sheet: string): Promise<SheetRow[]>;
  close(): void;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** Opens an xlsx held in memory; refuses what is not one (`NOT_XLSX`) or is unsafe to inflate. */
export async function openXlsx(
  buffer: Buffer,
  limits: ReadLimits = DEFAULT_READ_LIMITS,
): Promise<XlsxWorkbook> {
  if (!looksLikeZip(buffer)) throw new XlsxError('NOT_XLSX', 'The content is not an xlsx workbook');
  let zip: GuardedZip;
  try {
    zip = await openGuardedZip(buffer, limits);
  } catch (error) {
    throw wrap(error);
  }
  try {
    if (!zip.entries.has('[Content_Types].xml') || !zip.entries.has('xl/workbook.xml')) {
      throw new XlsxError(
        'NOT_XLSX',
        'The zip is not an xlsx workbook (no [Content_Types].xml or xl/workbook.xml)',
      );
    }
    const sheets: { name: string; relId: string }[] = [];
    await parseXml(zip, 'xl/workbook.xml', {
      open(name, attributes) {
        if (localName(name) === 'sheet' && attributes.name) {
          sheets.push({ name: attributes.name, relId: attributes['r:id'] ?? '' });
        }
      },
    });
    const targets = new Map<string, string>();
    if (zip.entries.has('xl/_rels/workbook.xml.rels')) {
      await parseXml(zip, 'xl/_rels/workbook.xml.rels', {
        open(name, attributes) {
          if (localName(name) === 'Relationship' && attributes.Id && attributes.Target) {
            const target = attributes.Target.replace(/^\/?(xl\/)?/, '');
            targets.set(attributes.Id, `xl/${target}`);
          }
        },
      });
    }
    const shared: string[] = [];
    if (zip.entries.has('xl/sharedStrings.xml')) {
      let current: string | null = null;
      let inText = false;
      let inPhonetic = false;
      await parseXml(zip, 'xl/sharedStrings.xml', {
        open(name) {
          const local = localName(name);
          if (local === 'si') current = '';
          else if (local === 'rPh') inPhonetic = true;
          else if (local === 't' && !inPhonetic) inText = true;
        },
        close(name) {
          const local = localName(name);
          if (local === 'si') {
            shared.push(current ?? '');
            current = null;
          } else if (local === 'rPh') inPhonetic = false;
          else if (local === 't') inText = false;
        },
        text(text) {
          if (inText && current !== null) current += text;
        },
      });
    }
    const partOf = (sheet: string) => {
      const index = sheets.findIndex((s) => s.name === sheet);
      if (index < 0) throw new XlsxError('CORRUPT', `No sheet named ${sheet}`);
      const entry = sheets[index]!;
      const part = targets.get(entry.relId) ?? `xl/worksheets/sheet${index + 1}.xml`;
      if (!zip.entries.has(part)) throw new XlsxError('CORRUPT', `The sheet ${sheet} has no part ${part}`);
      return part;
    };
    const rows = async (sheet: string, onRow: (row: SheetRow) => void | Promise<void>) => {
      const part = partOf(sheet);
      // Rows parsed from one inflated chunk, handed to `onRow` before the next chunk is inflated.
      const ready: SheetRow[] = [];
      const deliver = async () => {
        for (const parsed of ready.splice(0)) {
          try {
            await onRow(parsed);
          } catch (error) {
            throw new ConsumerError(error);
          }
        }
      };
      let row: SheetRow | null = null;
      let rowCount = 0;
      let lastRowNumber = 0;
      let cellIndex = -1;
      let cellType = 'n';
      let value = '';
      let inValue = false;
      // A formula's text: what a cell holds when the file carries no computed value for it.
      let formula = '';
      let inFormula = false;
      await parseXml(zip, part, {
        open(name, attributes) {
          const local = localName(name);
          if (local === 'row') {
            rowCount += 1;
            if (rowCount > limits.maxRows) {
              throw new XlsxError('TOO_MANY_ROWS', `The sheet ${sheet} has more than ${limits.maxRows} rows`);
            }
            const number = attributes.r ? Number(attributes.r) : lastRowNumber + 1;
            lastRowNumber = number;
            row = { rowNumber: number, cells: [] };
          } else if (local === 'c' && row) {
            cellIndex = attributes.r ? columnIndex(attributes.r) : row.cells.length;
            cellType = attributes.t ?? 'n';
            value = '';
            formula = '';
          } else if ((local === 'v' || local === 't') && row && cellIndex >= 0) {
            inValue = true;
          } else if (local === 'f' && row && cellIndex >= 0) {
            inFormula = true;
          }
        },
        close(name) {
          const local = localName(name);
          if (local === 'v' || local === 't') inValue = false;
          else if (local === 'f') inFormula = false;
          else if (local === 'c' && row && cellIndex >= 0) {
            let text = value;
            if (cellType === 's') text = shared[Number(value)] ?? '';
            else if (cellType === 'b') text = value === '1' ? 'TRUE' : 'FALSE';
            // A spreadsheet program stores a formula's result and that is what is read; a file written by
            // a library may hold the formula alone, which is read as its text (never evaluated), so a
            // name written as "=…" arrives as written instead of as an empty cell.
            if (text === '' && formula !== '') text = `=${formula}`;
            while (row.cells.length < cellIndex) row.cells.push('');
            row.cells[cellIndex] = text;
            cellIndex = -1;
          } else if (local === 'row' && row) {
            ready.push(row);
            row = null;
          }
        },
        text(text) {
          if (inValue) value += text;
          else if (inFormula) formula += text;
        },
        afterChunk: () => (ready.length ? deliver() : undefined),
      });
    };
    return {
      sheetNames: sheets.map((s) => s.name),
      async rows(sheet, onRow) {
        try {
          await rows(sheet, onRow);
        } catch (error) {
          throw error instanceof ConsumerError ? error.original : wrap(error);
        }
      },
      async readAll(sheet) {
        const all: SheetRow[] = [];
        try {
          await rows(sheet, (row) => {
            all.push(row);
          });
        } catch (error) {
          throw wrap(error);
        }
        return all;
      },
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw wrap(error);
  }
}
