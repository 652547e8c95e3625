import { Writable } from 'node:stream';
import yauzl from 'yauzl';

/**
 * A zip read only under limits: how many entries, how big each one says it is and really is when
 * inflated, how much all of them inflate to together, and how far an entry may inflate per compressed
 * byte. The declared sizes are checked before any byte is inflated; the real ones while inflating, and
 * the first byte past a limit stops the inflation. Everything stays in memory: nothing reaches the disk.
 */
export interface ZipLimits {
  maxEntries: number;
  /** Inflated bytes of one entry. */
  maxEntryBytes: number;
  /** Inflated bytes of the entries read, together. */
  maxTotalBytes: number;
  /** Inflated bytes per compressed byte, checked once an entry passes `ratioFloorBytes`. */
  maxRatio: number;
  ratioFloorBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 2_000,
  maxEntryBytes: 200 * 1024 * 1024,
  maxTotalBytes: 300 * 1024 * 1024,
  maxRatio: 200,
  ratioFloorBytes: 1024 * 1024,
};

export type ZipRefusal = 'NOT_A_ZIP' | 'TOO_MANY_ENTRIES' | 'TOO_LARGE' | 'RATIO' | 'CORRUPT';

export class ZipGuardError extends Error {
  constructor(
    readonly reason: ZipRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'ZipGuardError';
  }
}

export interface GuardedEntry {
  name: string;
  compressedSize: number;
  declaredSize: number;
}

export interface GuardedZip {
  entries: ReadonlyMap<string, GuardedEntry>;
  /**
   * Streams an entry's inflated bytes to `onChunk`; stops and rejects at the first limit passed. Inflating
   * waits while a promise `onChunk` answered is pending (a slow consumer holds the stream, not memory).
   */
  read(name: string, onChunk: (chunk: Buffer) => void | Promise<void>): Promise<void>;
  /** The whole entry as text (for small parts such as the workbook and its relations). */
  text(name: string): Promise<string>;
  close(): void;
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

const fromBuffer = (buffer: Buffer) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      buffer,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false },
      (error, zip) => (error || !zip ? reject(error) : resolve(zip)),
    ),
  );

/** Opens a zip held in memory and checks its directory against the limits before inflating anything. */
export async function openGuardedZip(
  buffer: Buffer,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): Promise<GuardedZip> {
  let zip: yauzl.ZipFile;
  try {
    zip = await fromBuffer(buffer);
  } catch (error) {
    throw new ZipGuardError('NOT_A_ZIP', `Not a readable zip: ${(error as Error).message}`);
  }
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw new ZipGuardError(
      'TOO_MANY_ENTRIES',
      `The archive holds ${zip.entryCount} entries (at most ${limits.maxEntries})`,
    );
  }
  const raw = new Map<string, yauzl.Entry>();
  const entries = new Map<string, GuardedEntry>();
  let declaredTotal = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        const declaredSize = entry.uncompressedSize;
        declaredTotal += declaredSize;
        if (declaredSize > limits.maxEntryBytes || declaredTotal > limits.maxTotalBytes) {
          reject(
            new ZipGuardError(
              'TOO_LARGE',
              declaredSize > limits.maxEntryBytes
                ? `${entry.fileName} declares ${mib(declaredSize)} uncompressed; a part may expand to at most ${mib(limits.maxEntryBytes)}`
                : `The archive declares ${mib(declaredTotal)} uncompressed by ${entry.fileName}; all parts together may expand to at most ${mib(limits.maxTotalBytes)}`,
            ),
          );
          return;
        }
        if (
          declaredSize > limits.ratioFloorBytes &&
          declaredSize > limits.maxRatio * Math.max(1, entry.compressedSize)
        ) {
          reject(
            new ZipGuardError('RATIO', `Entry ${entry.fileName} compresses more than ${limits.maxRatio}:1`),
          );
          return;
        }
        raw.set(entry.fileName, entry);
        entries.set(entry.fileName, {
          name: entry.fileName,
          compressedSize: entry.compressedSize,
          declaredSize,
        });
        zip.readEntry();
      });
      zip.on('end', () => resolve());
      zip.on('error', (error: Error) =>
        reject(error instanceof ZipGuardError ? error : new ZipGuardError('CORRUPT', error.message)),
      );
      zip.readEntry();
    });
  } catch (error) {
    zip.close();
    throw error;
  }

  let inflatedTotal = 0;
  const read = (name: string, onChunk: (chunk: Buffer) => void | Promise<void>) =>
    new Promise<void>((resolve, reject) => {
      const entry = raw.get(name);
      if (!entry) {
        reject(new ZipGuardError('CORRUPT', `The archive has no entry ${name}`));
        return;
      }
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream) {
          reject(new ZipGuardError('CORRUPT', error?.message ?? 'unreadable entry'));
          return;
        }
        let inflated = 0;
        let failed = false;
        const fail = (refusal: Error) => {
          if (failed) return;
          failed = true;
          stream.destroy();
          reject(refusal);
        };
        const sink = new Writable({
          write(chunk: Buffer, _encoding, done) {
            inflated += chunk.length;
            inflatedTotal += chunk.length;
            if (inflated > limits.maxEntryBytes || inflatedTotal > limits.maxTotalBytes) {
              fail(
                new ZipGuardError(
                  'TOO_LARGE',
                  `Entry ${name} inflates past the uncompressed-size cap (${mib(limits.maxEntryBytes)} a part, ${mib(limits.maxTotalBytes)} in all)`,
                ),
              );
              return;
            }
            if (
              inflated > limits.ratioFloorBytes &&
              inflated > limits.maxRatio * Math.max(1, entry.compressedSize)
            ) {
              fail(new ZipGuardError('RATIO', `Entry ${name} inflates more than ${limits.maxRatio}:1`));
              return;
            }
            let consumed: void | Promise<void>;
            try {
              consumed = onChunk(chunk);
            } catch (caught) {
              fail(caught as Error);
              return;
            }
            if (consumed) consumed.then(() => done(), fail);
            else done();
          },
        });
        stream.on('error', (streamError: Error) =>
          fail(
            streamError instanceof ZipGuardError
              ? streamError
              : /too many bytes/i.test(streamError.message)
                ? new ZipGuardError('TOO_LARGE', `Entry ${name} inflates past its declared size`)
                : new ZipGuardError('CORRUPT', `Entry ${name}: ${streamError.message}`),
          ),
        );
        sink.on('finish', () => {
          if (!failed) resolve();
        });
        stream.pipe(sink);
      });
    });

  return {
    entries,
    read,
    async text(name) {
      const chunks: Buffer[] = [];
      await read(name, (chunk) => {
        chunks.push(chunk);
      });
      return Buffer.concat(chunks).toString('utf8');
    },
    close: () => zip.close(),
  };
}
