import { Alert, Card, Stack, Switch, Text, Title } from '@mantine/core';
import { problemText, QueryState } from '../../../components/QueryState';
import { ApiError } from '../../../lib/api/client';
import { useT } from '../../../lib/i18n/I18nProvider';
import {
  type NotificationKind,
  useOwnMailPreferences,
  useSetMailPreferences,
} from '../api/notification-mail';

/**
 * Which notifications also come by mail (issue 55), one switch per kind, saved as it is turned. A kind the
 * unit does not send, or a person without an address, cannot be chosen: the inbox is all there is.
 */
export function MailPreferencesPanel() {
  const t = useT();
  const preferences = useOwnMailPreferences();
  const save = useSetMailPreferences();
  const p = preferences.data;
  const chosen = (p?.kinds ?? []).filter((kind) => kind.byMail).map((kind) => kind.kind);
  const turn = (kind: NotificationKind, on: boolean) =>
    save.mutate(on ? [...chosen, kind] : chosen.filter((other) => other !== kind));
  return (
    <Card withBorder mb="lg" component="section" aria-labelledby="mail-preferences-title">
      <Title order={2} size="h3" mb="xs" id="mail-preferences-title">
        {t('profile.mail.title')}
      </Title>
      <QueryState query={preferences}>
        {p && (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {p.address ? t('profile.mail.to', { address: p.address }) : t('profile.mail.noAddress')}
            </Text>
            {p.kinds.map((kind) => (
              <Switch
                key={kind.kind}
                label={t(`profile.mail.kind.${kind.kind}`)}
                description={kind.sent ? undefined : t('profile.mail.notSent')}
                checked={kind.byMail && kind.sent && p.address !== null}
                disabled={!kind.sent || p.address === null || save.isPending}
                onChange={(event) => turn(kind.kind, event.currentTarget.checked)}
                data-testid={`mail-${kind.kind}`}
              />
            ))}
            {save.error && (
              <Alert color="red" role="alert">
                {save.error instanceof ApiError ? problemText(t, save.error) : t('error.network')}
              </Alert>
            )}
          </Stack>
        )}
      </QueryState>
    </Card>
  );
}
