import { hasMessage, useT } from '../lib/i18n/I18nProvider';

/**
 * An attendance status by its name in the reader's language, never its code; a status a unit added
 * itself (no name in the client's catalogue) keeps its code.
 */
export function AttendanceStatus({ code }: { code: string }) {
  const t = useT();
  const id = `common.attendanceStatus.${code}`;
  return <bdi data-status={code}>{hasMessage(id) ? t(id) : code}</bdi>;
}
