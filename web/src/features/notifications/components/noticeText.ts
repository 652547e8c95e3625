import { formatDay, formatNumber, isolated, type Language, localName } from '../../../lib/i18n/format';
import type { MessageId } from '../../../lib/i18n/I18nProvider';
import type { Notification } from '../api';

type NotifiedShift = NonNullable<NonNullable<Notification['data']['changes']>[number]['after']>;

type Translate = (id: MessageId, values?: Record<string, string | number>) => string;

/** Changes of a roster notice written out; the rest are counted. */
const CHANGES_SHOWN = 3;

/**
 * A notification in the reader's language: a headline and the lines under it, written from its data
 * (the service keeps what happened, never words).
 */
export function noticeText(
  t: Translate,
  lang: Language,
  notice: Notification,
): { headline: string; lines: string[] } {
  const { data } = notice;
  const day = (value: string | null | undefined) =>
    value ? isolated(formatDay(lang, value, { day: 'numeric', month: 'short', year: 'numeric' })) : '';
  const name = data.by ? isolated(localName(lang, data.by)) : '';
  const comment = data.comment ? [t('notifications.comment', { comment: data.comment })] : [];
  const place = (shift: NotifiedShift | null) =>
    shift
      ? isolated(
          `${localName(lang, { nameEn: shift.shiftNameEn, nameAr: shift.shiftNameAr })} ${shift.start}–${shift.end}${lang === 'ar' ? '، ' : ', '}${localName(lang, { nameEn: shift.terminalNameEn, nameAr: shift.terminalNameAr })}`,
        )
      : '';
  switch (notice.kind) {
    case 'ROSTER_CHANGED': {
      const changes = data.changes ?? [];
      const lines = changes.slice(0, CHANGES_SHOWN).map((change) =>
        t(`notifications.change.${change.change}`, {
          date: day(change.date),
          before: place(change.before),
          after: place(change.after),
        }),
      );
      if (changes.length > CHANGES_SHOWN)
        lines.push(t('notifications.moreChanges', { count: changes.length - CHANGES_SHOWN }));
      return {
        headline: t('notifications.rosterChanged', { version: formatNumber(lang, data.version ?? 1) }),
        lines,
      };
    }
    case 'LEAVE_DECIDED': {
      const values = { from: day(data.from), to: day(data.to), step: formatNumber(lang, data.step ?? 1) };
      const id: MessageId =
        data.decision === 'Rejected'
          ? 'notifications.leaveRejected'
          : data.final
            ? 'notifications.leaveApproved'
            : 'notifications.leaveStepApproved';
      return { headline: t(id, values), lines: comment };
    }
    case 'ROSTER_AWAITING':
      return {
        headline: t('notifications.rosterAwaiting', {
          version: formatNumber(lang, data.version ?? 1),
          from: day(data.from),
          to: day(data.to),
        }),
        lines: [],
      };
    case 'SWAP_AWAITING':
      return {
        headline: t('notifications.swapAwaiting', { name, offered: day(data.offeredDate) }),
        lines: [],
      };
    case 'LEAVE_AWAITING':
      return {
        headline: t('notifications.leaveAwaiting', {
          name,
          from: day(data.from),
          to: day(data.to),
          step: formatNumber(lang, data.step ?? 1),
        }),
        lines: [],
      };
    case 'SWAP_PROPOSED': {
      const id =
        data.swapKind === 'GiveAway' ? 'notifications.giveAwayProposed' : 'notifications.swapProposed';
      return {
        headline: t(id, { name, offered: day(data.offeredDate), wanted: day(data.wantedDate) }),
        lines: [],
      };
    }
    case 'IMPORT_FINISHED': {
      const id: MessageId =
        data.outcome === 'Failed'
          ? 'notifications.importFailed'
          : data.outcome === 'Cancelled'
            ? 'notifications.importCancelled'
            : data.outcome === 'CompletedWithErrors'
              ? 'notifications.importFinishedWithErrors'
              : 'notifications.importFinished';
      const values = {
        total: formatNumber(lang, data.rowsTotal ?? 0),
        failed: formatNumber(lang, data.rowsFailed ?? 0),
      };
      return { headline: t(id, values), lines: [] };
    }
    case 'RUN_FINISHED':
      return {
        headline:
          data.outcome === 'Failed'
            ? t('notifications.runFailed')
            : t('notifications.runFinished', {
                required: formatNumber(lang, data.coverage?.required ?? 0),
                assigned: formatNumber(lang, data.coverage?.assigned ?? 0),
              }),
        lines: [],
      };
    case 'OPEN_SHIFT_OFFERED':
      return { headline: t('notifications.openShiftOffered', { date: day(data.shiftDate) }), lines: [] };
    case 'OPEN_SHIFT_CLAIM_DECIDED': {
      const id: MessageId =
        data.decision === 'Approved' ? 'notifications.claimApproved' : 'notifications.claimDeclined';
      return { headline: t(id, { date: day(data.shiftDate) }), lines: [] };
    }
    case 'ATTENDANCE_EXCEPTION_VALIDATED': {
      const id: MessageId =
        data.resolution === 'JUSTIFIED'
          ? 'notifications.exceptionJustified'
          : 'notifications.exceptionUnjustified';
      const what = data.exceptionKind ? t(`notifications.exception.${data.exceptionKind}`) : '';
      return { headline: t(id, { date: day(data.shiftDate), what }), lines: comment };
    }
    case 'CERTIFICATE_EXPIRING': {
      const type = data.certificationType;
      return {
        headline: t('notifications.certificateExpiring', {
          name: type ? isolated(localName(lang, type)) : '',
          date: day(data.expiresOn),
        }),
        lines: [],
      };
    }
    case 'SWAP_ANSWERED':
    case 'SWAP_CANCELLED':
    case 'SWAP_DECIDED': {
      const id: MessageId =
        notice.kind === 'SWAP_CANCELLED'
          ? 'notifications.swapCancelled'
          : data.decision === 'Accepted'
            ? 'notifications.swapAccepted'
            : data.decision === 'Declined'
              ? 'notifications.swapDeclined'
              : data.decision === 'Approved'
                ? 'notifications.swapApproved'
                : 'notifications.swapRejected';
      return { headline: t(id, { name, offered: day(data.offeredDate) }), lines: [] };
    }
  }
}
