import { Alert, Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api/client';
import { hasMessage, useT } from '../lib/i18n/I18nProvider';

/** What a screen shows while its data loads or when it cannot: a 403 reads as a refusal, not a crash. */
export function QueryState({
  query,
  children,
}: {
  query: { isPending: boolean; error: unknown };
  children: ReactNode;
}) {
  const t = useT();
  if (query.error) return <ErrorNotice error={query.error} />;
  if (query.isPending)
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  return <>{children}</>;
}

export function ErrorNotice({ error }: { error: unknown }) {
  const t = useT();
  if (error instanceof ApiError && error.status === 403)
    return (
      <Alert color="orange" title={t('error.forbidden.title')} role="alert">
        {t('error.forbidden.body')}
      </Alert>
    );
  return (
    <Alert color="red" title={t('error.generic.title')} role="alert">
      {error instanceof ApiError ? problemText(t, error) : t('error.network')}
    </Alert>
  );
}

/** A problem's code read as a sentence, when the catalogue has one; else the service's own detail. */
export function problemText(t: ReturnType<typeof useT>, error: ApiError): string {
  const key = `problem.${error.code}`;
  return hasMessage(key) ? t(key) : (error.problem?.detail ?? t('error.network'));
}
