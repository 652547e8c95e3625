/**
 * Start-up as a person waiting for it sees it: the time from spawning the service until GET /api/health
 * answers 200, and the resident memory of the serving process once it idles, for an existing and a fresh
 * embedded data folder, under `npm start`, the built service (`node dist/service.js`, one bundled file, after
 * `npm run build`) and the compiled modules it is bundled from (`node dist/server.js`). Prints one line per case and a JSON summary.
 *
 *   npm run bench:startup               both launchers, 3 rounds each
 *   npm run bench:startup -- --rounds 1 --launchers npm
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from '../figures.ts';

type Launcher = 'npm' | 'built' | 'modules';
const COMMANDS: Record<Launcher, [string, string[]]> = {
  npm: ['npm', ['start', '--silent']],
  built: [process.execPath, ['dist/service.js']],
  modules: [process.execPath, ['dist/server.js']],
};

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1]! : fallback;
}

/**
 * The resident set (MB) and the CPU time spent so far (ms, user and system) of a process and its live
 * descendants (npm and its shell included). CPU time says what a start costs on a busy machine, where the
 * time to healthy mostly says how busy the machine was.
 */
function treeUsage(root: number): { rssMb: number; cpuMs: number } {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while the table was read.
    }
  }
  let kb = 0;
  let ticks = 0;
  const visit = (pid: number) => {
    try {
      const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      kb += Number(match?.[1] ?? 0);
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime, fields 14 and 15 of proc(5), in clock ticks (100 a second on Linux).
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return;
    }
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  return { rssMb: Math.round(kb / 1024), cpuMs: ticks * 10 };
}

async function healthy(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    return response.status === 200;
  } catch {
    return false;
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    // npm start runs in a group of its own: signal the group, as a supervisor does.
    process.kill(-child.pid!, 'SIGTERM');
  });
}

// Below the ephemeral range (32768 and up on Linux), where a client connection may hold the port.
let nextPort = 21_000 + Math.floor(Math.random() * 1000);

interface Start {
  ms: number;
  cpuMs: number;
  rssMb: number;
}

/** One start: milliseconds (and CPU) until healthy, then the tree's RSS after two idle seconds. */
async function startOnce(launcher: Launcher, dataDir: string): Promise<Start> {
  const port = nextPort++;
  const [command, args] = COMMANDS[launcher];
  const started = performance.now();
  const child = spawn(command, args, {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, APP_ENV: 'development', DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: '' },
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk));
  try {
    while (!(await healthy(port))) {
      if (child.exitCode !== null) throw new Error(`the service exited (${child.exitCode}): ${errors}`);
      if (performance.now() - started > 300_000) throw new Error('not healthy within 300 s');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const ms = Math.round(performance.now() - started);
    const { cpuMs } = treeUsage(child.pid!);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    return { ms, cpuMs, rssMb: treeUsage(child.pid!).rssMb };
  } finally {
    await stop(child);
  }
}

async function main() {
  const rounds = Number(option('rounds', '3'));
  const launchers = option('launchers', 'npm,built').split(',') as Launcher[];
  if (launchers.includes('built') && !existsSync('dist/service.js')) {
    throw new Error('dist/service.js is missing: run npm run build first (or --launchers npm)');
  }
  const results: Record<string, Start> = {};
  console.log(
    `load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (const launcher of launchers) {
    const fresh: Start[] = [];
    const existing: Start[] = [];
    for (let round = 0; round < rounds; round++) {
      const dataDir = mkdtempSync(join(tmpdir(), 'rostering-startup-'));
      try {
        // The first start creates, migrates and loads the demo; the second opens what the first left.
        fresh.push(await startOnce(launcher, dataDir));
        existing.push(await startOnce(launcher, dataDir));
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    for (const [name, runs] of [
      ['fresh', fresh],
      ['existing', existing],
    ] as const) {
      const figure = {
        ms: median(runs.map((r) => r.ms)),
        cpuMs: median(runs.map((r) => r.cpuMs)),
        rssMb: median(runs.map((r) => r.rssMb)),
      };
      results[`${launcher}/${name}`] = figure;
      console.log(
        `${launcher.padEnd(5)} ${name.padEnd(8)} healthy after ${figure.ms} ms (runs ${runs.map((r) => r.ms).join(', ')}), ` +
          `CPU ${figure.cpuMs} ms, idle RSS ${figure.rssMb} MB`,
      );
    }
  }
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(JSON.stringify(results));
}

await main();
