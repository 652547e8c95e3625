import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleContext } from '../../core/module-context.ts';
import { authRoutes } from './routes/auth.ts';
import { meRoutes } from './routes/me.ts';
import { roleRoutes } from './routes/roles.ts';
import { userRoutes } from './routes/users.ts';

export function identityRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    await app.register(authRoutes(context));
    await app.register(meRoutes(context));
    await app.register(userRoutes(context));
    await app.register(roleRoutes(context));
  };
}
