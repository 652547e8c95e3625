import { readFileSync } from 'node:fs';
import cors from '@fastify/cors';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { registerGuard } from './core/auth/guard.ts';
import { createPrincipalStore } from './core/auth/principal-store.ts';
import { createTokenService } from './core/auth/tokens.ts';
import type { Database } from './core/db/database.ts';
import { registerChangeFeed } from './core/http/change-feed.ts';
import { createClientErrorHandler, createFrameworkErrorHandler } from './core/http/client-errors.ts';
import { registerClosingAnswer } from './core/http/closing.ts';
import { registerCompression } from './core/http/compression.ts';
import { corsOptions } from './core/http/cors.ts';
import { registerEmptyBodyDefault } from './core/http/empty-body.ts';
import { registerErrorHandling } from './core/http/error-handler.ts';
import { registerFiniteNumbers } from './core/http/finite-numbers.ts';
import { registerIdempotency } from './core/http/idempotency.ts';
import { registerJsonBodyParser } from './core/http/json-body.ts';
import { lazyCompilers } from './core/http/lazy-compilers.ts';
import { registerOpenApi, registerRouteDeclarations } from './core/http/openapi.ts';
import { publicOrigin } from './core/http/public-url.ts';
import { PGLITE_READ_QUEUE, type ReadQueueOptions, registerReadQueue } from './core/http/read-queue.ts';
import {
  registerCachePolicy,
  registerSecurityHeaders,
  securityHeaderValues,
} from './core/http/security-headers.ts';
import { registerVersioning } from './core/http/versioning.ts';
import { registerWebClient } from './core/http/web-client.ts';
import { createRecurringTask } from './core/jobs/recurring.ts';
import { createJobRunner } from './core/jobs/runner.ts';
import { smtpTransport } from './core/mail/transport.ts';
import { registerMetrics } from './core/metrics/http.ts';
import { createMetrics } from './core/metrics/metrics.ts';
import { depsOf, type ModuleContext } from './core/module-context.ts';
import { allocationRunJob } from './modules/allocation/execution.ts';
import { allocationRoutes } from './modules/allocation/routes/index.ts';
import { attendanceRoutes } from './modules/attendance/routes/index.ts';
import { auditRoutes } from './modules/audit/routes/index.ts';
import { availabilityRoutes } from './modules/availability/routes/index.ts';
import { calendarRoutes } from './modules/calendar/routes/index.ts';
import { calendarFeedRoutes } from './modules/calendar-feed/routes/index.ts';
import { costsRoutes } from './modules/costs/routes/index.ts';
import { dashboardRoutes } from './modules/dashboard/routes/index.ts';
import { demandRoutes } from './modules/demand/routes/index.ts';
import { diagnosticsRoutes } from './modules/diagnostics/routes/index.ts';
import { identityRoutes } from './modules/identity/routes/index.ts';
import { employeeImportJob } from './modules/imports/job.ts';
import { importRoutes } from './modules/imports/routes/index.ts';
import { leaveDiagnosticsRoutes, leaveRoutes } from './modules/leave/routes/index.ts';
import { lookupRoutes } from './modules/lookups/routes/index.ts';
import { noticeExpiringCertifications } from './modules/notifications/certificate-notices.ts';
import { notificationMailJob } from './modules/notifications/mail/job.ts';
import { notificationRoutes } from './modules/notifications/routes/index.ts';
import { openShiftRoutes } from './modules/open-shifts/routes/index.ts';
import { peopleRoutes } from './modules/people/routes/index.ts';
import { platformRoutes } from './modules/platform/routes/index.ts';
import { poolRoutes } from './modules/pools/routes/index.ts';
import { publishingRoutes } from './modules/publishing/routes/index.ts';
import { reconciliationRoutes } from './modules/reconciliation/routes/index.ts';
import { reportRoutes } from './modules/reports/routes/index.ts';
import { rosterRoutes } from './modules/roster/routes/index.ts';
import { settingsRoutes } from './modules/settings/routes/index.ts';
import { allUnitIds } from './modules/settings/service.ts';
import { shiftRoutes } from './modules/shifts/routes/index.ts';
import { swapRoutes } from './modules/swaps/routes/index.ts';

export const serviceVersion: string = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).version;

export interface AppDeps {
  config: Config;
  database: Database;
  /** The clock, replaceable in tests of lockout and expiry. */
  now?: () => Date;
  /** The built web client's folder (default `web/dist`); tests point it at a fixture. */
  webRoot?: string;
  /** Reads queued in the service on PGlite (read-queue.ts); `false` for the benchmark's comparison. */
  readQueue?: ReadQueueOptions | false;
}

const JSON_BODY_LIMIT = 1024 * 1024;

/** TRUST_PROXY as Fastify takes it: a hop count becomes the test proxy-addr makes of one. */
function fastifyTrustProxy(trust: Config['trustProxy']) {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust === false ? false : [...trust];
}

/** Builds the service; it never listens (the server entry and the tests decide that). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const production = config.env === 'production';
  // Answers written before any hook runs carry the same security headers as the others.
  const earlyHeaders = securityHeaderValues(production);
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: JSON_BODY_LIMIT,
    routerOptions: { maxParamLength: 200 },
    genReqId: () => crypto.randomUUID(),
    // Forwarding headers are believed only from the proxies TRUST_PROXY names: `request.ip` is the one
    // client address of login limits, login history, audit and logs.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // registerClosingAnswer answers requests that arrive while the process stops, as problem details.
    return503OnClosing: false,
    ajv: {
      customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: true },
    },
    schemaController: { compilersFactory: lazyCompilers() },
    clientErrorHandler: createClientErrorHandler(earlyHeaders),
    frameworkErrors: createFrameworkErrorHandler(earlyHeaders),
  }).withTypeProvider<TypeBoxTypeProvider>();

  const now = deps.now ?? (() => new Date());
  // Issue 36: built first so that the engine's job can report to it; its hooks are registered below.
  const metrics = config.metrics.mode === 'off' ? null : createMetrics(database);
  const publicUrl = publicOrigin(config, () => app.server.address());
  const mailTransport = config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl, config.mail.from) : null;
  // A runner each, so that an import, an allocation run and the mails never wait for one another.
  const runners = [
    createJobRunner({
      database,
      handlers: [employeeImportJob(database, { batchRows: config.importBatchRows, now })],
      staleAfterMs: config.jobStaleAfterMs,
      log: app.log,
    }),
    createJobRunner({
      database,
      handlers: [allocationRunJob(depsOf({ database, now }), metrics?.observeEngineRun)],
      staleAfterMs: config.jobStaleAfterMs,
      log: app.log,
    }),
    createJobRunner({
      database,
      handlers: [
        notificationMailJob({
          database,
          now,
          publicUrl,
          transport: mailTransport,
          retryMs: config.mail.retryMs,
          log: app.log,
        }),
      ],
      staleAfterMs: config.jobStaleAfterMs,
      log: app.log,
    }),
  ];
  const certificateNotices = createRecurringTask({
    name: 'certificate notices',
    everyMs: config.certificateNoticesMs,
    run: async () => noticeExpiringCertifications(depsOf({ database, now }), await allUnitIds(database.db)),
    log: app.log,
  });
  const jobs = {
    wake: () => {
      for (const runner of runners) runner.wake();
    },
  };
  const context: ModuleContext = {
    config,
    database,
    tokens: createTokenService(config.jwtSecret, () => now().getTime()),
    now,
    version: serviceVersion,
    publicUrl,
    changes: await registerChangeFeed(app, database),
    jobs,
  };

  registerErrorHandling(app, config.env === 'development');
  registerClosingAnswer(app);
  registerVersioning(app, production);
  registerIdempotency(app, database);
  registerRouteDeclarations(app);
  // Headers first, so that the guard's 401 and 403 answers carry them like every other answer.
  await registerSecurityHeaders(app, production);
  if (config.corsOrigins.length) await app.register(cors, corsOptions(config.corsOrigins));
  registerCachePolicy(app);
  await registerCompression(app);
  registerJsonBodyParser(app);
  registerEmptyBodyDefault(app);
  registerFiniteNumbers(app);
  const principals = await createPrincipalStore(database);
  app.addHook('onClose', () => principals.close());
  const readQueue = deps.readQueue ?? (database.driver === 'pglite' ? PGLITE_READ_QUEUE : false);
  const readQueueDepth = readQueue ? registerReadQueue(app, readQueue) : null;
  if (metrics) registerMetrics(app, metrics, config.metrics, readQueueDepth);
  registerGuard(app, context.tokens, principals, now);
  await registerOpenApi(app, serviceVersion, context.publicUrl);

  await app.register(platformRoutes(context), { prefix: '/api' });
  await app.register(settingsRoutes(context), { prefix: '/api' });
  await app.register(identityRoutes(context), { prefix: '/api' });
  await app.register(auditRoutes(context), { prefix: '/api' });
  await app.register(lookupRoutes(context), { prefix: '/api' });
  await app.register(calendarRoutes(context), { prefix: '/api' });
  await app.register(shiftRoutes(context), { prefix: '/api' });
  await app.register(peopleRoutes(context), { prefix: '/api' });
  await app.register(importRoutes(context), { prefix: '/api' });
  await app.register(poolRoutes(context), { prefix: '/api' });
  await app.register(demandRoutes(context), { prefix: '/api' });
  await app.register(leaveRoutes(context), { prefix: '/api' });
  await app.register(allocationRoutes(context), { prefix: '/api' });
  await app.register(rosterRoutes(context), { prefix: '/api' });
  await app.register(publishingRoutes(context), { prefix: '/api' });
  await app.register(attendanceRoutes(context), { prefix: '/api' });
  await app.register(reconciliationRoutes(context), { prefix: '/api' });
  await app.register(dashboardRoutes(context), { prefix: '/api' });
  await app.register(reportRoutes(context), { prefix: '/api' });
  await app.register(calendarFeedRoutes(context), { prefix: '/api' });
  await app.register(openShiftRoutes(context), { prefix: '/api' });
  await app.register(swapRoutes(context), { prefix: '/api' });
  await app.register(availabilityRoutes(context), { prefix: '/api' });
  await app.register(costsRoutes(context), { prefix: '/api' });
  await app.register(notificationRoutes(context), { prefix: '/api' });
  // The job worker runs inside the service. Closing the app first stops claiming (before the in-flight
  // requests finish, so a job an upload queues meanwhile waits for the next process), then, once the
  // requests are done, stops the jobs being run between two rows and puts them back in the queue.
  if (config.jobsWorker) {
    app.addHook('onReady', async () => {
      for (const runner of runners) runner.start();
      certificateNotices.start();
    });
    app.addHook('preClose', async () => {
      for (const runner of runners) runner.pause();
      await certificateNotices.stop();
    });
    app.addHook('onClose', async () => {
      await Promise.all(runners.map((runner) => runner.stop()));
      mailTransport?.close();
    });
  }
  await registerWebClient(app, { root: deps.webRoot, production: config.env === 'production' });
  if (config.env !== 'production') {
    await app.register(diagnosticsRoutes(context), { prefix: '/api/diagnostics' });
    await app.register(leaveDiagnosticsRoutes(context), { prefix: '/api/diagnostics' });
  }
  return app;
}
