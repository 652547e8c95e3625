import { Alert, Center, List, Loader } from '@mantine/core';
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
  if (query.error) return <ErrorNotice error={query.error} />;
  if (query.isPending) return <Loading />;
  return <>{children}</>;
}

/**
 * The spinner of a screen that waits for its data: a live status with a name (a bare span with a label
 * is nothing to a screen reader), centred where the content will come.
 */
export function Loading({ fullHeight = false }: { fullHeight?: boolean }) {
  const t = useT();
  return (
    <Center py="xl" mih={fullHeight ? '100vh' : undefined}>
      <Loader role="status" aria-label={t('common.loading')} />
    </Center>
  );
}

/**
 * What went wrong, in the reader's language. A refusal reads as one; an answer that names the fields at
 * fault lists each by the label the form shows it under (`fields`: the field's name in the request, as
 * the service names it, to its label) and the rule it breaks, worded here rather than in the service's
 * English.
 */
export function ErrorNotice({ error, fields = {} }: { error: unknown; fields?: Record<string, string> }) {
  const t = useT();
  if (error instanceof ApiError && error.status === 403 && error.code !== 'PASSWORD_CHANGE_REQUIRED')
    return (
      <Alert color="orange" title={t('error.forbidden.title')} role="alert">
        {t('error.forbidden.body')}
      </Alert>
    );
  const faults = error instanceof ApiError ? fieldFaults(t, error, fields) : [];
  return (
    <Alert color="red" title={t('error.generic.title')} role="alert">
      {error instanceof ApiError ? problemText(t, error) : t('error.network')}
      {faults.length > 0 && (
        <List size="sm" mt="xs" data-testid="field-errors">
          {faults.map((fault) => (
            <List.Item key={fault}>{fault}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

type FieldFault = {
  path: string;
  message: string;
  rule?: string;
  limit?: number | string;
  allowed?: string[];
};

const RULES = new Set([
  'required',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'enum',
  'minimum',
  'maximum',
  'type',
]);

/** Each field at fault as "label: rule", the rule worded from its keyword and bound when it has one. */
function fieldFaults(t: ReturnType<typeof useT>, error: ApiError, fields: Record<string, string>): string[] {
  const errors = (error.problem?.errors ?? []) as FieldFault[];
  return errors.map((fault) => {
    const name = fault.path.split('/').filter(Boolean).at(-1) ?? '';
    const label = fields[name] ?? name;
    const format = fault.rule === 'format' && typeof fault.limit === 'string' ? fault.limit : null;
    const key = format ? `common.rule.format.${format}` : `common.rule.${fault.rule}`;
    const text =
      fault.rule && RULES.has(fault.rule) && hasMessage(key)
        ? t(key as never, {
            limit: String(fault.limit ?? ''),
            values: (fault.allowed ?? []).join(t('common.listSeparator')),
          })
        : fault.message;
    return label ? `${label}: ${text}` : text;
  });
}

/** A problem's code read as a sentence, when the catalogue has one; else the service's own detail. */
export function problemText(t: ReturnType<typeof useT>, error: ApiError): string {
  const key = `problem.${error.code}`;
  return hasMessage(key) ? t(key) : (error.problem?.detail ?? t('error.network'));
}
