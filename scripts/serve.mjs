/**
 * The service in this process: the built service (dist/service.js, one bundled file) when it was built from
 * the sources as they are (its start is about a second shorter: no TypeScript loader, no thousand modules
 * to find), else the sources through tsx. `npm start` (scripts/start.mjs) comes here once the web client
 * is current; the tests that start service processes come here directly.
 */
import { builtIsCurrent } from './service-build.mjs';

if (builtIsCurrent()) {
  await import('../dist/service.js');
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/server.ts');
}
