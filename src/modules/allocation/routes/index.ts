import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { depsOf, type ModuleContext } from '../../../core/module-context.ts';
import { ExplainerCache } from '../candidates-service.ts';
import { runCostRoutes } from './cost.ts';
import { equalizationRoutes } from './equalization.ts';
import { proposalRoutes } from './proposal.ts';
import { runRoutes } from './runs.ts';

/** Allocation runs, equalization and what a run costs; one explainer cache for the whole area. */
export function allocationRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  const deps = { ...depsOf(context), explainers: new ExplainerCache(), wake: () => context.jobs.wake() };
  return async (app) => {
    await app.register(runRoutes(deps));
    await app.register(proposalRoutes(deps));
    await app.register(equalizationRoutes(deps));
    await app.register(runCostRoutes(deps));
  };
}
