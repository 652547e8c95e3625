import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { depsOf, type ModuleContext } from '../../../core/module-context.ts';
import { assignmentRoutes } from './assignments.ts';
import { gapRoutes } from './gaps.ts';

/** The live roster: shift assignments checked by the engine's rules, schedules, and its gaps. */
export function rosterRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  const deps = depsOf(context);
  return async (app) => {
    await app.register(assignmentRoutes(deps));
    await app.register(gapRoutes(deps));
  };
}
