import {
  Alert,
  Button,
  Center,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { ApiError } from '../../../lib/api/client';
import { session } from '../../../lib/auth/session';
import { useSession } from '../../../lib/auth/useSession';
import { intlLocale } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { language } from '../../../lib/i18n/language';
import { useLogin } from '../api';

/** Only a path of this application, never another site: `?next=` comes from the address bar. */
const safeNext = (next: string | null) => (next?.startsWith('/') && !next.startsWith('//') ? next : '/');

/**
 * `onSignedIn`: what the shell does with the permissions before the first screen (it starts loading that
 * screen's code beside the profile).
 */
export function LoginPage({ onSignedIn }: { onSignedIn?: (permissions: readonly string[]) => void }) {
  const t = useT();
  const client = useQueryClient();
  const lang = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const current = useSession();
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [waitUntil, setWaitUntil] = useState(0);
  const [now, setNow] = useState(Date.now());
  const ended = session.endReason();

  useEffect(() => {
    document.title = `${t('login.title')} · ${t('app.name')}`;
  }, [t]);
  useEffect(() => {
    if (waitUntil <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waitUntil]);

  if (current) return <Navigate to={next} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(
      { username: username.trim(), password },
      {
        onSuccess: (result) => {
          onSignedIn?.(result.user.permissions);
          client.clear();
          session.start({
            token: result.token,
            expiresAt: result.ExpiresAt,
            username: result.user.username,
            language: language.get(),
          });
          navigate(result.mustChangePassword ? `/change-password?next=${encodeURIComponent(next)}` : next, {
            replace: true,
          });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 429) {
            const seconds = Number(error.headers.get('retry-after') ?? 60);
            setWaitUntil(Date.now() + seconds * 1000);
            setNow(Date.now());
          }
        },
      },
    );
  };

  const secondsLeft = Math.max(0, Math.ceil((waitUntil - now) / 1000));
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={420}>
        <Group justify="space-between" mb="md" wrap="nowrap">
          <Title order={1} size="h2">
            {t('app.name')}
          </Title>
          <LanguageSwitch signedIn={false} />
        </Group>
        <Text c="dimmed" size="sm" mb="lg">
          {t('login.intro')}
        </Text>
        {ended === 'expired' && !login.error && (
          <Alert color="blue" mb="md" role="status" data-testid="session-ended">
            {t('login.sessionEnded')}
          </Alert>
        )}
        {login.error && (
          <Alert color={secondsLeft > 0 ? 'orange' : 'red'} mb="md" role="alert" data-testid="login-error">
            <LoginError error={login.error} secondsLeft={secondsLeft} lang={lang} />
          </Alert>
        )}
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label={t('login.username')}
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              dir="ltr"
              required
              withAsterisk={false}
              value={username}
              onChange={(event) => setUsername(event.currentTarget.value)}
            />
            <PasswordInput
              label={t('login.password')}
              name="password"
              autoComplete="current-password"
              dir="ltr"
              required
              withAsterisk={false}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <Button
              type="submit"
              loading={login.isPending}
              disabled={secondsLeft > 0 || !username || !password}
            >
              {t('login.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}

function LoginError({ error, secondsLeft, lang }: { error: Error; secondsLeft: number; lang: 'en' | 'ar' }) {
  const t = useT();
  if (!(error instanceof ApiError)) return <>{t('error.network')}</>;
  if (error.status === 401) return <>{t('login.error.invalid')}</>;
  if (error.status === 423) {
    const until = error.problem?.lockoutUntil;
    if (error.problem?.reason === 'LOCKED_BY_ADMIN' || typeof until !== 'string')
      return <>{t('login.error.lockedByAdmin')}</>;
    const time = new Intl.DateTimeFormat(intlLocale(lang), { timeStyle: 'short', hourCycle: 'h23' }).format(
      new Date(until),
    );
    return <>{t('login.error.lockedUntil', { time })}</>;
  }
  if (error.status === 429)
    return (
      <>
        {secondsLeft > 0 ? t('login.error.rateLimited', { seconds: secondsLeft }) : t('login.error.tryAgain')}
      </>
    );
  if (error.status === 400) return <>{t('login.error.missing')}</>;
  return <>{t('error.network')}</>;
}
