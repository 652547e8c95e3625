/**
 * `npm start`: the web client built if stale, then the service in this process (the one npm's shell
 * execs, so signals reach it), as scripts/serve.mjs chooses it.
 */
import { buildWeb } from './web-build.mjs';

await buildWeb({ ifStale: true });
await import('./serve.mjs');
