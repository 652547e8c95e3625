import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { depsOf, type ModuleContext } from '../../../core/module-context.ts';
import { certificationRoutes } from './certifications.ts';
import { employeeRoutes } from './employees.ts';
import { groupRoutes } from './groups.ts';
import { skillRoutes } from './skills.ts';

/** Employees (read only), production skills, certifications and employee groups (DESIGN §8). */
export function peopleRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  const deps = depsOf(context);
  return async (app) => {
    await app.register(employeeRoutes(deps));
    await app.register(skillRoutes(deps));
    await app.register(certificationRoutes(deps));
    await app.register(groupRoutes(deps));
  };
}
