import { Menu, Stack, Text } from '@mantine/core';
import { IconChecks, IconPointFilled } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatInstant } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { useUnit } from '../../../lib/unit';
import { type Notification, useMarkAllNotificationsRead, useMarkNotificationRead } from '../api';
import { noticeText } from './noticeText';

/**
 * The caller's latest notifications as items of the bell's menu, each written in the reader's language and
 * leading to its screen (following it marks it read), then "mark all read" while some are unread.
 */
export function NotificationItems({ items, unread }: { items: Notification[]; unread: number }) {
  const t = useT();
  const lang = useLanguage();
  const unit = useUnit();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  return (
    <>
      <Menu.Label>{t('notifications.title')}</Menu.Label>
      {items.length === 0 && (
        <Text size="sm" c="dimmed" px="sm" py={4}>
          {t('notifications.empty')}
        </Text>
      )}
      {items.map((notice) => {
        const { headline, lines } = noticeText(t, lang, notice);
        const isUnread = notice.readAt === null;
        return (
          <Menu.Item
            key={notice.id}
            component={Link}
            to={notice.link}
            data-testid="notification"
            data-unread={isUnread || undefined}
            onClick={() => isUnread && markRead.mutate(notice.id)}
            leftSection={
              <IconPointFilled
                size={12}
                aria-label={isUnread ? t('notifications.unreadMark') : undefined}
                aria-hidden={!isUnread}
                color={isUnread ? 'var(--mantine-color-blue-6)' : 'transparent'}
              />
            }
          >
            <Stack gap={2}>
              <Text size="sm" fw={isUnread ? 600 : 400}>
                {headline}
              </Text>
              {lines.map((line) => (
                <Text key={line} size="xs" c="dimmed">
                  {line}
                </Text>
              ))}
              <Text size="xs" c="dimmed">
                {formatInstant(lang, notice.createdAt, unit.timeZone)}
              </Text>
            </Stack>
          </Menu.Item>
        );
      })}
      {unread > 0 && (
        <Menu.Item
          leftSection={<IconChecks size={16} aria-hidden />}
          closeMenuOnClick={false}
          onClick={() => markAll.mutate()}
        >
          <Text size="sm">{t('notifications.markAllRead')}</Text>
        </Menu.Item>
      )}
    </>
  );
}
