import { problemText } from '../../../components/QueryState';
import { ApiError } from '../../../lib/api/client';
import { hasMessage, type useT } from '../../../lib/i18n/I18nProvider';

type T = ReturnType<typeof useT>;

/** A refusal of the attendance and reconciliation screens as a sentence: this area's words first. */
export function refusalText(t: T, error: unknown): string {
  if (!(error instanceof ApiError)) return t('error.network');
  const key = `attendanceAdmin.problem.${error.code}`;
  return hasMessage(key) ? t(key) : problemText(t, error);
}

/** A rejected row's reason in the reader's language, by its code; the service's sentence otherwise. */
export function rowReasonText(t: T, reason: { code: string; message: string }): string {
  const key = `attendanceAdmin.rowError.${reason.code}`;
  return hasMessage(key) ? t(key) : reason.message;
}
