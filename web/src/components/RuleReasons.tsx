import { Badge, Group } from '@mantine/core';
import { ApiError } from '../lib/api/client';
import { useCodeNames } from '../lib/api/lookups';
import { hasMessage, type MessageId, useT } from '../lib/i18n/I18nProvider';
import { problemText } from './QueryState';

/**
 * A rule code read as words (`common.reason.ON_LEAVE`), the code itself when the catalogue lacks it; a
 * certification reason given its certification's code names the certification type.
 */
export function useReasonName() {
  const t = useT();
  const names = useCodeNames();
  return (code: string, certification?: string | null) => {
    const named = `common.reason.named.${code}`;
    if (certification && hasMessage(named))
      return t(named as MessageId, { certification: names.certification(certification) });
    const key = `common.reason.${code}`;
    return hasMessage(key) ? t(key as MessageId) : code;
  };
}

/** How many employees each rule kept off a line, largest first. */
export function ReasonCounts({ reasons }: { reasons: Record<string, number | undefined> }) {
  const t = useT();
  const name = useReasonName();
  const entries = Object.entries(reasons)
    .filter((entry): entry is [string, number] => (entry[1] ?? 0) > 0)
    .sort((a, b) => b[1] - a[1]);
  if (!entries.length) return <span>{t('common.reason.none')}</span>;
  return (
    <Group gap={4} data-testid="reasons">
      {entries.map(([code, count]) => (
        <Badge key={code} variant="outline" color="gray" tt="none" data-reason={code}>
          {t('common.reason.count', { reason: name(code), count })}
        </Badge>
      ))}
    </Group>
  );
}

/** A refusal read as a sentence; a rule refusal names every rule it broke. */
export function useRefusalText() {
  const t = useT();
  const name = useReasonName();
  return (error: unknown): string => {
    if (!(error instanceof ApiError)) return t('error.network');
    const reasons = (error.problem?.reasons as string[] | undefined) ?? [];
    const certification = error.problem?.certification as string | undefined;
    if (error.code === 'NOT_ELIGIBLE' && reasons.length)
      return t('common.refusal.NOT_ELIGIBLE', {
        rules: reasons.map((code) => name(code, certification)).join('، '),
      });
    const key = `common.refusal.${error.code}`;
    return hasMessage(key) ? t(key as MessageId) : problemText(t, error);
  };
}

/** A refusal about open shifts: their own codes from the catalogue, the engine's rules as any refusal. */
export function useOpenShiftRefusal() {
  const t = useT();
  const refusal = useRefusalText();
  return (error: unknown) => {
    const key = error instanceof ApiError ? `common.openShiftRefusal.${error.code}` : '';
    return hasMessage(key) ? t(key as MessageId) : refusal(error);
  };
}
