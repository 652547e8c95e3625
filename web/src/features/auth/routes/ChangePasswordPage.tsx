import { Alert, Button, List, Paper, PasswordInput, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { problemText } from '../../../components/QueryState';
import { ApiError } from '../../../lib/api/client';
import { useT } from '../../../lib/i18n/I18nProvider';
import { useChangePassword } from '../api';

export default function ChangePasswordPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next');
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [fresh, setFresh] = useState('');
  const [repeat, setRepeat] = useState('');
  const [done, setDone] = useState(false);
  const mismatch = repeat.length > 0 && fresh !== repeat;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mismatch) return;
    change.mutate(
      { currentPassword: current, newPassword: fresh },
      {
        onSuccess: () => {
          setDone(true);
          setCurrent('');
          setFresh('');
          setRepeat('');
          if (next?.startsWith('/') && !next.startsWith('//')) navigate(next, { replace: true });
        },
      },
    );
  };
  const error = change.error;
  const unmet = error instanceof ApiError && error.status === 422 ? (error.problem?.errors ?? []) : [];
  return (
    <Paper maw={480} p="md" withBorder>
      <PageHeader title={t('password.title')} description={next ? t('password.mustChange') : undefined} />
      {done && (
        <Alert color="green" mb="md" role="status">
          {t('password.changed')}
        </Alert>
      )}
      {error && (
        <Alert color="red" mb="md" role="alert">
          {error instanceof ApiError && error.status === 401
            ? t('password.wrongCurrent')
            : error instanceof ApiError && error.code === 'PASSWORD_POLICY'
              ? t('password.policy')
              : error instanceof ApiError
                ? problemText(t, error)
                : t('error.network')}
          {unmet.length > 0 && (
            <List size="sm" mt="xs">
              {unmet.map((item) => (
                <List.Item key={item.path + item.message}>{item.message}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      <form onSubmit={submit}>
        <Stack>
          <PasswordInput
            label={t('password.current')}
            autoComplete="current-password"
            dir="ltr"
            required
            withAsterisk={false}
            value={current}
            onChange={(event) => setCurrent(event.currentTarget.value)}
          />
          <PasswordInput
            label={t('password.new')}
            description={t('password.rules')}
            autoComplete="new-password"
            dir="ltr"
            required
            withAsterisk={false}
            value={fresh}
            onChange={(event) => setFresh(event.currentTarget.value)}
          />
          <PasswordInput
            label={t('password.repeat')}
            autoComplete="new-password"
            dir="ltr"
            required
            withAsterisk={false}
            value={repeat}
            error={mismatch ? t('password.mismatch') : undefined}
            onChange={(event) => setRepeat(event.currentTarget.value)}
          />
          <Button type="submit" loading={change.isPending} disabled={!current || !fresh || mismatch}>
            {t('password.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
