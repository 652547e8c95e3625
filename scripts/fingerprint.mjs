// A build's fingerprint: the hash of every file it reads, so that "is the build current?" is answered by
// content, whatever the files' times (a checkout sets them all to now). Plain JavaScript: `npm start` asks
// before any TypeScript loader exists.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

function files(path, skip) {
  if (!statSync(path).isDirectory()) return [path];
  const found = [];
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (skip(entry.name)) continue;
    found.push(...files(join(path, entry.name), skip));
  }
  return found;
}

/** The fingerprint of `paths` (files or folders, under `repo`), leaving out the names `skip` accepts. */
export function fingerprintOf(repo, paths, skip = () => false) {
  const hash = createHash('sha256');
  for (const path of paths.flatMap((path) => files(join(repo, path), skip)).sort()) {
    hash.update(relative(repo, path)).update('\0').update(readFileSync(path)).update('\0');
  }
  return hash.digest('hex');
}
