import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { depsOf, type ModuleContext } from '../../../core/module-context.ts';
import { assignmentRoutes } from './assignments.ts';
import { editRoutes } from './edits.ts';
import { figureRoutes } from './figures.ts';
import { gapRoutes } from './gaps.ts';

/** The live roster: shift assignments checked by the engine's rules, schedules, its gaps, and per-person figures. */
export function rosterRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  const deps = depsOf(context);
  return async (app) => {
    await app.register(assignmentRoutes(deps));
    await app.register(gapRoutes(deps));
    await app.register(editRoutes(deps));
    await app.register(figureRoutes(deps));
  };
}
