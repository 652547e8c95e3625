import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { problemResponse } from '../../../core/http/openapi.ts';
import { depsOf, type ModuleContext } from '../../../core/module-context.ts';
import { SettingsPatch, SettingsResponse } from '../schemas.ts';
import { settingsOf, updateSettings } from '../service.ts';

export function settingsRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  const deps = depsOf(context);
  return async (app) => {
    app.get(
      '/settings',
      {
        config: { auth: 'auth' },
        schema: {
          operationId: 'getSettings',
          summary: 'Read the business unit settings',
          tags: ['platform'],
          response: { 200: SettingsResponse },
        },
      },
      async (request) => settingsOf(deps, callerOf(request), app.accessCache),
    );
    app.patch(
      '/settings',
      {
        config: { auth: 'admin.config', versioned: true },
        schema: {
          operationId: 'updateSettings',
          summary: 'Change business unit settings',
          description: 'Send only the keys to change. Honours If-Match with the settings version.',
          tags: ['platform'],
          body: SettingsPatch,
          response: {
            200: SettingsResponse,
            422: problemResponse(['SETTINGS_INVALID'], 'Well-formed values that break a rule, each named'),
          },
        },
      },
      async (request) => updateSettings(deps, callerOf(request), request.body),
    );
  };
}
