import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { problemResponse } from '../../../core/http/openapi.ts';
import { PageQuery } from '../../../core/http/pagination.ts';
import { depsOf, type ModuleContext } from '../../../core/module-context.ts';
import {
  IdParams,
  InboxQuery,
  MailPreferences,
  MailPreferencesUpdate,
  Notification,
  NotificationInbox,
  OutboxPage,
  ReadAllOutcome,
} from '../schemas.ts';
import * as notifications from '../service.ts';

const tags = ['me'];

/** One's own notifications (issue 55): every signed-in person has an inbox, whatever their roles. */
export function notificationRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  const deps = depsOf(context);
  return async (app) => {
    app.get(
      '/me/notifications',
      {
        config: { auth: 'auth' },
        schema: {
          operationId: 'listOwnNotifications',
          summary: "The caller's notifications, unread first, with how many are unread",
          tags,
          querystring: InboxQuery,
          response: { 200: NotificationInbox },
        },
      },
      async (request) => notifications.ownInbox(deps, callerOf(request), request.query),
    );
    app.post(
      '/me/notifications/:id/read',
      {
        config: { auth: 'auth' },
        schema: {
          operationId: 'markOwnNotificationRead',
          summary: 'Mark one of the own notifications read',
          tags,
          params: IdParams,
          response: {
            200: Notification,
            404: problemResponse(['NOT_FOUND'], 'No such notification of the caller'),
          },
        },
      },
      async (request) => notifications.markRead(deps, callerOf(request), request.params.id),
    );
    app.post(
      '/me/notifications/read-all',
      {
        config: { auth: 'auth' },
        schema: {
          operationId: 'markAllOwnNotificationsRead',
          summary: 'Mark every own notification read',
          tags,
          response: { 200: ReadAllOutcome },
        },
      },
      async (request) => notifications.markAllRead(deps, callerOf(request)),
    );
    app.get(
      '/me/notification-preferences',
      {
        config: { auth: 'auth' },
        schema: {
          operationId: 'getOwnNotificationPreferences',
          summary: 'Which notifications come to the caller by mail',
          tags,
          response: { 200: MailPreferences },
        },
      },
      async (request) => notifications.ownMailPreferences(deps, callerOf(request)),
    );
    app.put(
      '/me/notification-preferences',
      {
        config: { auth: 'auth' },
        schema: {
          operationId: 'setOwnNotificationPreferences',
          summary: 'Choose which notifications come by mail',
          tags,
          body: MailPreferencesUpdate,
          response: { 200: MailPreferences },
        },
      },
      async (request) => notifications.updateOwnMailPreferences(deps, callerOf(request), request.body),
    );
    app.get(
      '/admin/mail-outbox',
      {
        config: { auth: 'admin.config' },
        schema: {
          operationId: 'listMailOutbox',
          summary: 'The mails kept instead of sent while no SMTP_URL is set',
          tags: ['platform'],
          querystring: PageQuery,
          response: { 200: OutboxPage },
        },
      },
      async (request) => notifications.mailOutbox(deps, callerOf(request), request.query),
    );
  };
}
