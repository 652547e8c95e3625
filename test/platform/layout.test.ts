import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TABLE_OWNERS } from '../../src/core/db/owners.ts';
import { TABLE_CROSSINGS } from './table-crossings.ts';
import { TABLE_NAMES, tablesNamedIn } from './table-names.ts';

/** The code's layout rules (issue 37), read from the sources as they are. */
const src = fileURLToPath(new URL('../../src', import.meta.url));

const sources = (readdirSync(src, { recursive: true }) as string[])
  .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts'))
  .map((path) => join(src, path));

/** What a file imports from the tree, as paths below `src`. */
const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)].map((match) =>
    relative(src, resolve(dirname(file), match[1]!)),
  );

/** A module's folder, a core mechanism's folder (or file), or a top folder or file of `src`. */
const areaOf = (path: string) => {
  const parts = path.split('/');
  return parts[0] === 'modules' || parts[0] === 'core' ? parts.slice(0, 2).join('/') : parts[0]!;
};

const dependencies = new Map<string, Map<string, string>>();
for (const file of sources) {
  const from = areaOf(relative(src, file));
  for (const target of importsOf(file)) {
    const to = areaOf(target);
    if (to === from) continue;
    if (!dependencies.has(from)) dependencies.set(from, new Map());
    dependencies.get(from)!.set(to, `${relative(src, file)} → ${target}`);
  }
}

/** A path of imports from an area back to itself, if there is one. */
function cycleThrough(start: string): string[] | null {
  const seen = new Set<string>();
  const walk = (area: string, path: string[]): string[] | null => {
    for (const [next, example] of dependencies.get(area) ?? []) {
      if (next === start) return [...path, example];
      if (seen.has(next)) continue;
      seen.add(next);
      const found = walk(next, [...path, example]);
      if (found) return found;
    }
    return null;
  };
  return walk(start, []);
}

describe('the layout of the code', () => {
  it('has no cycle between folders: modules, core mechanisms, the engine', () => {
    const cycles = [...dependencies.keys()].flatMap((area) => {
      const cycle = cycleThrough(area);
      return cycle ? [`${area}: ${cycle.join(', ')}`] : [];
    });
    expect(cycles).toEqual([]);
  });

  it('keeps every file of a module under 500 lines', () => {
    const long = sources
      .filter((file) => relative(src, file).startsWith('modules/'))
      .map((file) => [relative(src, file), readFileSync(file, 'utf8').split('\n').length - 1] as const)
      .filter(([, lines]) => lines > 500);
    expect(long).toEqual([]);
  });

  it("never reads another module's repository, nor the entry, from a module or the core", () => {
    const crossings = sources.flatMap((file) => {
      const path = relative(src, file);
      const area = areaOf(path);
      if (!area.startsWith('modules/') && !area.startsWith('core')) return [];
      return importsOf(file)
        .filter(
          (target) =>
            target === 'app.ts' ||
            target === 'server.ts' ||
            (/(^|[/-])repository\.ts$/.test(target) && areaOf(target) !== area),
        )
        .map((target) => `${path} → ${target}`);
    });
    expect(crossings).toEqual([]);
  });
});

/** Another module's tables a module's file names: `modules/<area>/…` → the tables, by their SQL names. */
function crossingsOf(path: string, text: string): string[] {
  const owners: Record<string, string> = TABLE_OWNERS;
  const area = areaOf(path).slice('modules/'.length);
  return [...tablesNamedIn(path, text)].filter((table) => owners[table] !== area).sort();
}

describe('the ownership of the tables (issue 50)', () => {
  it('gives every table and view one owning module, and names no table that is not defined', () => {
    const modules = new Set(readdirSync(join(src, 'modules')));
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual([...TABLE_NAMES.values()].sort());
    expect(Object.values(TABLE_OWNERS).filter((owner) => !modules.has(owner))).toEqual([]);
  });

  it("catches a module's file that names another module's table, typed or in raw SQL", () => {
    const planted = readFileSync(
      fileURLToPath(new URL('../fixtures/layout/planted-crossing.txt', import.meta.url)),
      'utf8',
    );
    expect(crossingsOf('modules/dashboard/planted.ts', planted)).toEqual([
      'demand_lines',
      'employees',
      'leave_request_steps',
      'shift_assignments',
    ]);
    expect(crossingsOf('modules/roster/planted.ts', planted)).not.toContain('shift_assignments');
  });

  it("names another module's table only in the files still listed, each with the tables listed (the list only shrinks)", () => {
    const crossings = Object.fromEntries(
      sources
        .map((file) => relative(src, file))
        .filter((path) => path.startsWith('modules/'))
        .map((path) => [path, crossingsOf(path, readFileSync(join(src, path), 'utf8'))] as const)
        .filter(([, tables]) => tables.length > 0),
    );
    expect(crossings).toEqual(TABLE_CROSSINGS);
  });
});

/** The web client's layout (issue 50): bulletproof-react's rules, read from `web/src` as it is. */
const web = fileURLToPath(new URL('../../web/src', import.meta.url));
const webSources = (readdirSync(web, { recursive: true }) as string[])
  .filter((path) => /\.tsx?$/.test(path) && path !== 'lib/api/schema.ts')
  .map((path) => join(web, path));

/** What a web file imports, statically or lazily, as paths below `web/src`. */
const webImportsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:from |import\()'(\.[^']+)'/g)].map((match) =>
    relative(web, resolve(dirname(file), match[1]!)),
  );

/** `features/<area>`, or the top folder (`app`, `components`, `lib`, `test`). */
const webAreaOf = (path: string) => {
  const parts = path.split('/');
  return parts[0] === 'features' ? parts.slice(0, 2).join('/') : parts[0]!;
};

describe("the web client's layout", () => {
  it('keeps each feature to itself: it imports its own folder, lib/, components/ and test/ only', () => {
    const crossings = webSources.flatMap((file) => {
      const path = relative(web, file);
      const area = webAreaOf(path);
      const allowed = (target: string) => [area, 'lib', 'components', 'test'].includes(webAreaOf(target));
      if (area.startsWith('features/'))
        return webImportsOf(file)
          .filter((target) => !allowed(target))
          .map((target) => `${path} → ${target}`);
      if (area === 'lib' || area === 'components')
        return webImportsOf(file)
          .filter((target) => ['app', 'features'].includes(target.split('/')[0]!))
          .map((target) => `${path} → ${target}`);
      return [];
    });
    expect(crossings).toEqual([]);
  });

  it('sends every change through the client mutation that drops a second press (issue 51)', () => {
    const direct = webSources
      .filter((file) => relative(web, file) !== 'lib/api/mutation.ts')
      .filter((file) =>
        /import \{[^}]*\buseMutation\b[^}]*\} from '@tanstack\/react-query'/.test(readFileSync(file, 'utf8')),
      )
      .map((file) => relative(web, file));
    expect(direct).toEqual([]);
  });

  it('lends no message of one feature to another: what two features say lives under a shared prefix', () => {
    // `common.`, and the shell's words every screen may use: errors, refusals, the languages' names.
    const SHARED = /^(common|error|problem|language)\./;
    const catalogues = join(web, 'lib/i18n/messages');
    const ids = readdirSync(catalogues)
      .filter((name) => name.endsWith('en.json'))
      .flatMap((name) => Object.keys(JSON.parse(readFileSync(join(catalogues, name), 'utf8'))));
    const users = new Map<string, Set<string>>();
    for (const file of webSources) {
      const area = webAreaOf(relative(web, file));
      if (!area.startsWith('features/')) continue;
      const text = readFileSync(file, 'utf8');
      // Whole ids in quotes, and the prefixes of ids made at run time (`common.reason.${code}`).
      const used = [...text.matchAll(/['"`]([\w-]+(?:\.[\w-]+)+)['"`]/g)].map((match) => match[1]!);
      const prefixes = [...text.matchAll(/`([\w.-]+\.)\$\{/g)].map((match) => match[1]!);
      for (const id of ids)
        if (used.includes(id) || prefixes.some((prefix) => id.startsWith(prefix)))
          users.set(id, new Set([...(users.get(id) ?? []), area]));
    }
    const lent = [...users]
      .filter(([id, areas]) => areas.size > 1 && !SHARED.test(id))
      .map(([id, areas]) => `${id}: ${[...areas].join(', ')}`);
    expect(lent).toEqual([]);
  });
});
