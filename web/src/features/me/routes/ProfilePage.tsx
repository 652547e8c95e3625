import { Alert, Badge, Button, Card, Group, SimpleGrid, Switch, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { Pager } from '../../../components/Pager';
import { problemText, QueryState } from '../../../components/QueryState';
import { ApiError } from '../../../lib/api/client';
import { useProfile, useUpdateProfile } from '../../../lib/api/profile';
import { signOut } from '../../../lib/auth/sign-out';
import { today } from '../../../lib/dates';
import { formatDay, formatInstant } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { useRoleName } from '../../../lib/i18n/roles';
import { useUnit } from '../../../lib/unit';
import { useLoginHistory } from '../api';
import { MailPreferencesPanel } from '../components/MailPreferencesPanel';

export default function ProfilePage() {
  const t = useT();
  const roleName = useRoleName();
  const lang = useLanguage();
  const unit = useUnit();
  const profile = useProfile();
  const [page, setPage] = useState(1);
  const history = useLoginHistory(page);
  const p = profile.data;
  const client = useQueryClient();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const save = useUpdateProfile();
  const signOutEverywhere = async () => {
    setSigningOut(true);
    await signOut(true);
    client.clear();
    navigate('/login', { replace: true });
  };
  return (
    <>
      <PageHeader title={t('profile.title')} />
      <QueryState query={profile}>
        {p && (
          <Card withBorder mb="lg">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Field label={t('profile.name')} value={p.displayName} />
              <Field label={t('profile.username')} value={p.username} ltr />
              <Field label={t('profile.email')} value={p.email ?? '—'} ltr />
              <Field label={t('profile.phone')} value={p.phone ?? '—'} ltr />
              <Field
                label={t('profile.language')}
                value={t(p.preferredLanguage === 'ar' ? 'language.ar' : 'language.en')}
              />
              <Field
                label={t('profile.lastLogin')}
                value={p.lastLoginAt ? formatInstant(lang, p.lastLoginAt, unit.timeZone) : '—'}
              />
            </SimpleGrid>
            <Switch
              mt="md"
              label={t('profile.hijri')}
              description={t('profile.hijri.example', { date: formatDay(lang, today(unit.timeZone)) })}
              checked={p.showHijri}
              disabled={save.isPending}
              onChange={(event) => save.mutate({ showHijri: event.currentTarget.checked })}
              data-testid="show-hijri"
            />
            {save.error && (
              <Alert color="red" mt="sm" role="alert">
                {save.error instanceof ApiError ? problemText(t, save.error) : t('error.network')}
              </Alert>
            )}
            <Text size="sm" fw={600} mt="md">
              {t('profile.roles')}
            </Text>
            <Group gap={4}>
              {p.roles.map((role) => (
                <Badge key={role} tt="none">
                  {roleName({ code: role })}
                </Badge>
              ))}
            </Group>
            <Group mt="md" gap="sm" align="center">
              <Button
                variant="light"
                color="red"
                loading={signingOut}
                onClick={signOutEverywhere}
                data-testid="sign-out-everywhere"
              >
                {t('profile.signOutEverywhere')}
              </Button>
              <Text size="sm" c="dimmed">
                {t('profile.signOutEverywhere.hint')}
              </Text>
            </Group>
          </Card>
        )}
      </QueryState>
      <MailPreferencesPanel />
      <Title order={2} size="h3" mb="sm">
        {t('profile.history')}
      </Title>
      <QueryState query={history}>
        <Table.ScrollContainer minWidth={320}>
          <Table striped data-testid="login-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('common.loginHistory.at')}</Table.Th>
                <Table.Th>{t('common.loginHistory.result')}</Table.Th>
                <Table.Th>{t('common.loginHistory.address')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(history.data?.items ?? []).map((attempt) => (
                <Table.Tr key={attempt.id}>
                  <Table.Td>{formatInstant(lang, attempt.at, unit.timeZone)}</Table.Td>
                  <Table.Td>
                    <Badge color={attempt.success ? 'green' : 'red'}>
                      {t(attempt.success ? 'profile.history.success' : 'profile.history.failure')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <bdi dir="ltr">{attempt.ip ?? '—'}</bdi>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Pager page={page} onChange={setPage} pageSize={20} total={history.data?.total ?? 0} />
      </QueryState>
    </>
  );
}

function Field({ label, value, ltr }: { label: string; value: string; ltr?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text>{ltr ? <bdi dir="ltr">{value}</bdi> : value}</Text>
    </div>
  );
}
