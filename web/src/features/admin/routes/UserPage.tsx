import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Group,
  PasswordInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { Pager } from '../../../components/Pager';
import { ErrorNotice, QueryState } from '../../../components/QueryState';
import { useDepartments } from '../../../lib/api/lookups';
import { formatDay, formatInstant, isolated, localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { useRoleName } from '../../../lib/i18n/roles';
import { paths } from '../../../lib/paths';
import { useUnit } from '../../../lib/unit';
import {
  type User,
  useLockUser,
  useLoginHistory,
  useResetPassword,
  useRevokeGrant,
  useUnlockUser,
  useUser,
} from '../api/users';
import { EditUserForm, GrantForm } from '../components/UserForms';

/** One account: details, lock state, password, role grants and sign-in history. */
export default function UserPage() {
  const t = useT();
  const { id = '' } = useParams();
  const location = useLocation();
  const user = useUser(id);
  const temporary = (location.state as { temporaryPassword?: string | null } | null)?.temporaryPassword;
  return (
    <>
      <Anchor component={Link} to={paths.adminUsers} size="sm">
        {t('admin.users.back')}
      </Anchor>
      <QueryState query={user}>
        {user.data && (
          <>
            <PageHeader
              title={user.data.displayName}
              description={t('admin.user.subtitle', { username: isolated(user.data.username) })}
            />
            {temporary && (
              <Alert color="blue" mb="md" title={t('admin.user.temporaryPassword')} role="status">
                {t('admin.user.temporaryPasswordHint')} <Code dir="ltr">{temporary}</Code>
              </Alert>
            )}
            <Stack gap="lg">
              <Section title={t('admin.user.account')}>
                <EditUserForm key={user.data.version} user={user.data} />
              </Section>
              <Section title={t('admin.user.roles')}>
                <Grants user={user.data} />
                <Title order={3} size="h5" mt="md" mb="xs">
                  {t('admin.grants.new')}
                </Title>
                <GrantForm user={user.data} />
              </Section>
              <Section title={t('admin.user.access')}>
                <LockPanel user={user.data} />
                <ResetPanel user={user.data} />
              </Section>
              <Section title={t('admin.user.history')}>
                <LoginHistory id={user.data.id} />
              </Section>
            </Stack>
          </>
        )}
      </QueryState>
    </>
  );
}

/** Headings read whole in a narrow table (the page breaks words anywhere otherwise). */
const NO_WRAP = { whiteSpace: 'nowrap', overflowWrap: 'normal' } as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder component="section">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function Grants({ user }: { user: User }) {
  const t = useT();
  const roleName = useRoleName();
  const lang = useLanguage();
  const revoke = useRevokeGrant();
  const departments = useDepartments();
  const departmentName = (id: string, code: string | null) => {
    const node = departments.data?.get(id);
    return node ? localName(lang, node) : (code ?? id);
  };
  if (!user.roles.length) return <Text c="dimmed">{t('admin.grants.none')}</Text>;
  return (
    <>
      <Table.ScrollContainer minWidth={520}>
        <Table data-testid="grants">
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={NO_WRAP}>{t('admin.grants.role')}</Table.Th>
              <Table.Th style={NO_WRAP}>{t('admin.grants.department')}</Table.Th>
              <Table.Th style={NO_WRAP}>{t('admin.grants.dates')}</Table.Th>
              <Table.Th style={NO_WRAP}>{t('admin.grants.state')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('admin.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {user.roles.map((grant) => (
              <Table.Tr key={grant.userRoleId}>
                <Table.Td>{roleName({ code: grant.roleCode, name: grant.roleName })}</Table.Td>
                <Table.Td>
                  {grant.departmentId
                    ? departmentName(grant.departmentId, grant.departmentCode)
                    : t('admin.grants.everywhere')}
                </Table.Td>
                <Table.Td>
                  {grant.effectiveFrom || grant.effectiveTo
                    ? t('admin.grants.range', {
                        from: grant.effectiveFrom ? formatDay(lang, grant.effectiveFrom) : '…',
                        to: grant.effectiveTo ? formatDay(lang, grant.effectiveTo) : '…',
                      })
                    : t('admin.grants.always')}
                </Table.Td>
                <Table.Td>
                  <Badge color={grant.inForce ? 'green' : 'gray'} variant="light">
                    {t(grant.inForce ? 'admin.grants.inForce' : 'admin.grants.notInForce')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    loading={revoke.isPending && revoke.variables?.userRoleId === grant.userRoleId}
                    onClick={() => revoke.mutate({ userId: user.id, userRoleId: grant.userRoleId })}
                    aria-label={t('admin.grants.revokeNamed', {
                      role: roleName({ code: grant.roleCode, name: grant.roleName }),
                    })}
                  >
                    {t('admin.grants.revoke')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {revoke.error && <ErrorNotice error={revoke.error} />}
    </>
  );
}

function LockPanel({ user }: { user: User }) {
  const t = useT();
  const lang = useLanguage();
  const unit = useUnit();
  const lock = useLockUser();
  const unlock = useUnlockUser();
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setConfirming(true);
  };
  return (
    <Stack mb="md" gap="xs">
      <Text data-testid="lock-state">
        {user.lockedByAdmin
          ? t('admin.user.lockedByAdmin')
          : user.locked && user.lockout_until
            ? t('admin.user.lockedUntil', { time: formatInstant(lang, user.lockout_until, unit.timeZone) })
            : t('admin.user.notLocked', { count: user.failed_login_count })}
      </Text>
      {user.locked ? (
        <Group>
          <Button onClick={() => unlock.mutate(user.id)} loading={unlock.isPending} data-testid="unlock">
            {t('admin.user.unlock')}
          </Button>
        </Group>
      ) : (
        <form onSubmit={submit}>
          <Group align="flex-end">
            <TextInput
              label={t('admin.user.lockReason')}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              style={{ flex: '1 1 14rem' }}
            />
            <Button type="submit" color="red" variant="light" loading={lock.isPending} data-testid="lock">
              {t('admin.user.lock')}
            </Button>
          </Group>
        </form>
      )}
      <ConfirmDialog
        opened={confirming}
        title={t('admin.user.lockConfirmTitle', { name: isolated(user.displayName) })}
        confirmLabel={t('admin.user.lock')}
        loading={lock.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          lock.mutate(
            { id: user.id, reason: reason.trim() },
            {
              onSettled: () => setConfirming(false),
              onSuccess: () => setReason(''),
            },
          )
        }
      >
        {t('admin.user.lockConfirmBody')}
      </ConfirmDialog>
      {(lock.error || unlock.error) && <ErrorNotice error={lock.error ?? unlock.error} />}
    </Stack>
  );
}

function ResetPanel({ user }: { user: User }) {
  const t = useT();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    reset.mutate({ id: user.id, newPassword: password }, { onSuccess: () => setPassword('') });
  };
  const generated = reset.data?.temporaryPassword;
  return (
    <form onSubmit={submit}>
      <Stack gap="xs">
        <Group align="flex-end">
          <PasswordInput
            label={t('admin.user.newPassword')}
            description={t('admin.user.newPasswordHint')}
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            style={{ flex: '1 1 14rem' }}
          />
          <Button type="submit" variant="light" loading={reset.isPending} data-testid="reset-password">
            {t('admin.user.resetPassword')}
          </Button>
        </Group>
        {reset.isSuccess && (
          <Alert color="green" role="status">
            {t('admin.user.passwordReset')} {generated && <Code dir="ltr">{generated}</Code>}
          </Alert>
        )}
        {reset.error && <ErrorNotice error={reset.error} />}
      </Stack>
    </form>
  );
}

function LoginHistory({ id }: { id: string }) {
  const t = useT();
  const lang = useLanguage();
  const unit = useUnit();
  const [page, setPage] = useState(1);
  const history = useLoginHistory(id, page);
  const items = history.data?.items ?? [];
  return (
    <QueryState query={history}>
      {items.length === 0 ? (
        <Text c="dimmed">{t('admin.user.noLogins')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped data-testid="user-logins">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('common.loginHistory.at')}</Table.Th>
                <Table.Th>{t('common.loginHistory.result')}</Table.Th>
                <Table.Th>{t('admin.user.reason')}</Table.Th>
                <Table.Th>{t('common.loginHistory.address')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((attempt) => (
                <Table.Tr key={attempt.id}>
                  <Table.Td>{formatInstant(lang, attempt.at, unit.timeZone)}</Table.Td>
                  <Table.Td>
                    <Badge color={attempt.success ? 'green' : 'red'} variant="light">
                      {t(attempt.success ? 'admin.user.loginSucceeded' : 'admin.user.loginFailed')}
                    </Badge>
                  </Table.Td>
                  <Table.Td dir="ltr">{attempt.reason}</Table.Td>
                  <Table.Td dir="ltr">{attempt.ip ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager page={page} total={history.data?.total ?? 0} pageSize={10} onChange={setPage} />
    </QueryState>
  );
}
