import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';

/*
 * A run's instance and result are kept gzip-compressed JSON: a 2,000-employee month is megabytes of JSON
 * and a tenth of that stored. The work happens on libuv's thread pool, off the event loop.
 */

const pack = promisify(gzip);
const unpack = promisify(gunzip);

export const packJson = async (value: unknown): Promise<Buffer> => pack(Buffer.from(JSON.stringify(value)));
export const unpackJson = async <T>(stored: Buffer): Promise<T> =>
  JSON.parse((await unpack(stored)).toString('utf8')) as T;
