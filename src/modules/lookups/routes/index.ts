import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleContext } from '../../../core/module-context.ts';
import { adminLookupRoutes } from './admin.ts';
import { catalogRoutes } from './catalog.ts';

export function lookupRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    await app.register(adminLookupRoutes(context));
    await app.register(catalogRoutes(context));
  };
}
