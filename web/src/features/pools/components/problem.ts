import { problemText } from '../../../components/QueryState';
import type { ApiError } from '../../../lib/api/client';
import { hasMessage, type useT } from '../../../lib/i18n/I18nProvider';

/** A problem this area's screens meet, in the reader's language: the area's own sentence, else the shared one. */
export function poolsProblem(t: ReturnType<typeof useT>, error: ApiError): string {
  const key = `pools.problem.${error.code}`;
  return hasMessage(key) ? t(key) : problemText(t, error);
}
