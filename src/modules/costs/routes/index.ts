import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { depsOf, type ModuleContext } from '../../../core/module-context.ts';
import { costRoutes } from './costs.ts';
import { costSettingRoutes } from './settings.ts';

/** Labour cost (issue 36): rates, premiums and budgets, and what rosters cost. */
export function costsRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  const deps = depsOf(context);
  return async (app) => {
    await app.register(costSettingRoutes(deps));
    await app.register(costRoutes(deps));
  };
}
