import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleContext } from '../../../core/module-context.ts';
import { authRoutes } from './auth.ts';
import { meRoutes } from './me.ts';
import { roleRoutes } from './roles.ts';
import { userRoutes } from './users.ts';

export function identityRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    await app.register(authRoutes(context));
    await app.register(meRoutes(context));
    await app.register(userRoutes(context));
    await app.register(roleRoutes(context));
  };
}
