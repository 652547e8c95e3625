import { Alert, Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { problemText } from '../../../components/QueryState';
import { ApiError } from '../../../lib/api/client';
import { usePermissions } from '../../../lib/auth/permissions';
import { formatInstant } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { useUnit } from '../../../lib/unit';
import { useIssueCalendarFeed, useOwnCalendarFeed, useRevokeCalendarFeed } from '../api/calendar-feed';

/**
 * Subscribing a phone's calendar to one's own roster: make, copy, replace or revoke the secret feed
 * address. The address is shown once, right after it is made; later only whether it exists.
 */
export function CalendarFeedPanel() {
  const t = useT();
  const lang = useLanguage();
  const unit = useUnit();
  const { has } = usePermissions();
  const feed = useOwnCalendarFeed();
  const issue = useIssueCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  if (!has('calendar_feed.manage_own')) return null;

  const active = feed.data?.active ?? false;
  const error = issue.error ?? revoke.error;
  const make = (rotate: boolean) =>
    issue.mutate(rotate, {
      onSuccess: (link) => {
        setUrl(link.url);
        setConfirmRevoke(false);
      },
    });
  const since = feed.data?.rotatedAt ?? feed.data?.createdAt;

  return (
    <Paper withBorder p="md" mt="lg" component="section" aria-labelledby="calendar-feed-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="calendar-feed-title">
          {t('calendarFeed.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('calendarFeed.description', {
            back: feed.data?.daysBack ?? 60,
            ahead: feed.data?.daysAhead ?? 180,
          })}
        </Text>
        {url && (
          <Stack gap="xs" data-testid="calendar-feed-url">
            <Alert color="blue" role="status">
              {t('calendarFeed.shownOnce')}
            </Alert>
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                label={t('calendarFeed.address')}
                value={url}
                readOnly
                dir="ltr"
                style={{ flex: 1, minWidth: 0 }}
                onFocus={(event) => event.currentTarget.select()}
              />
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy} color={copied ? 'teal' : undefined}>
                    {copied ? t('calendarFeed.copied') : t('calendarFeed.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        )}
        {active && !url && since && (
          <Text size="sm" data-testid="calendar-feed-active">
            {t('calendarFeed.active', { since: formatInstant(lang, since, unit.timeZone) })}
          </Text>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error instanceof ApiError ? problemText(t, error) : t('error.network')}
          </Alert>
        )}
        {revoke.isSuccess && !active && (
          <Alert color="green" role="status" data-testid="calendar-feed-revoked">
            {t('calendarFeed.revoked')}
          </Alert>
        )}
        <Group gap="sm">
          {!active ? (
            <Button onClick={() => make(false)} loading={issue.isPending} disabled={feed.isPending}>
              {t('calendarFeed.create')}
            </Button>
          ) : (
            <>
              <Button variant="default" onClick={() => make(true)} loading={issue.isPending}>
                {t('calendarFeed.rotate')}
              </Button>
              {confirmRevoke ? (
                <Button
                  color="red"
                  loading={revoke.isPending}
                  onClick={() =>
                    revoke.mutate(undefined, {
                      onSuccess: () => {
                        setUrl(null);
                        setConfirmRevoke(false);
                      },
                    })
                  }
                >
                  {t('calendarFeed.revokeConfirm')}
                </Button>
              ) : (
                <Button variant="subtle" color="red" onClick={() => setConfirmRevoke(true)}>
                  {t('calendarFeed.revoke')}
                </Button>
              )}
            </>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
