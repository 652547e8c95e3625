/**
 * `npm start`: the web client built if stale, then the service in this process (the one npm's shell
 * execs, so signals reach it): the built service (dist/service.js, one bundled file) when it was built
 * from the sources as they are (its start is about a second shorter: no TypeScript loader, no thousand
 * modules to find), else the sources through tsx.
 */
import { builtIsCurrent } from './service-build.mjs';
import { buildWeb } from './web-build.mjs';

await buildWeb({ ifStale: true });
if (builtIsCurrent()) {
  await import('../dist/service.js');
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/server.ts');
}
