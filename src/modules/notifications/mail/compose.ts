import type { NotificationData, NotificationKind } from '../schemas.ts';
import { MAIL_WORDS, type MailLanguage } from './words.ts';

type NotifiedShift = NonNullable<NonNullable<NotificationData['changes']>[number]['after']>;

/** Changes of a roster mail written out; the rest are counted (the screen the link opens shows them all). */
const CHANGES_SHOWN = 20;

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

const locale = (language: MailLanguage) => (language === 'ar' ? 'ar-u-ca-gregory-nu-latn' : 'en-GB');

const localName = (language: MailLanguage, names: { nameEn: string; nameAr: string | null }) =>
  language === 'ar' ? (names.nameAr ?? names.nameEn) : names.nameEn;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.codePointAt(0)};`);

/** The headline and the lines under it, in the recipient's language, as the bell writes them. */
function noticeText(
  language: MailLanguage,
  kind: NotificationKind,
  data: NotificationData,
): { headline: string; lines: string[] } {
  const w = MAIL_WORDS[language];
  const day = (value: string | null | undefined) =>
    value
      ? new Intl.DateTimeFormat(locale(language), {
          day: 'numeric',
          month: 'short',
          year: 'numeric',
          timeZone: 'UTC',
        }).format(new Date(`${value}T00:00:00Z`))
      : '';
  const number = (value: number | undefined) => new Intl.NumberFormat(locale(language)).format(value ?? 1);
  const name = data.by ? localName(language, data.by) : '';
  const comment = data.comment ? [w.comment({ comment: data.comment })] : [];
  const place = (shift: NotifiedShift | null) =>
    shift
      ? `${localName(language, { nameEn: shift.shiftNameEn, nameAr: shift.shiftNameAr })} ${shift.start}–${shift.end}${language === 'ar' ? '، ' : ', '}${localName(language, { nameEn: shift.terminalNameEn, nameAr: shift.terminalNameAr })}`
      : '';
  switch (kind) {
    case 'ROSTER_CHANGED': {
      const changes = data.changes ?? [];
      const lines = changes.slice(0, CHANGES_SHOWN).map((change) =>
        w[change.change]({
          date: day(change.date),
          before: place(change.before),
          after: place(change.after),
        }),
      );
      if (changes.length > CHANGES_SHOWN)
        lines.push(w.moreChanges({ count: String(changes.length - CHANGES_SHOWN) }));
      return { headline: w.rosterChanged({ version: number(data.version) }), lines };
    }
    case 'LEAVE_DECIDED': {
      const values = { from: day(data.from), to: day(data.to), step: number(data.step) };
      const say =
        data.decision === 'Rejected' ? w.leaveRejected : data.final ? w.leaveApproved : w.leaveStepApproved;
      return { headline: say(values), lines: comment };
    }
    case 'ROSTER_AWAITING':
      return {
        headline: w.rosterAwaiting({ version: number(data.version), from: day(data.from), to: day(data.to) }),
        lines: [],
      };
    case 'SWAP_AWAITING':
      return { headline: w.swapAwaiting({ name, offered: day(data.offeredDate) }), lines: [] };
    case 'LEAVE_AWAITING':
      return {
        headline: w.leaveAwaiting({ name, from: day(data.from), to: day(data.to), step: number(data.step) }),
        lines: [],
      };
    case 'SWAP_PROPOSED': {
      const say = data.swapKind === 'GiveAway' ? w.giveAwayProposed : w.swapProposed;
      return {
        headline: say({ name, offered: day(data.offeredDate), wanted: day(data.wantedDate) }),
        lines: [],
      };
    }
    case 'IMPORT_FINISHED': {
      const values = { total: number(data.rowsTotal ?? 0), failed: number(data.rowsFailed ?? 0) };
      const say =
        data.outcome === 'Failed'
          ? w.importFailed
          : data.outcome === 'Cancelled'
            ? w.importCancelled
            : data.outcome === 'CompletedWithErrors'
              ? w.importFinishedWithErrors
              : w.importFinished;
      return { headline: say(values), lines: [] };
    }
    case 'RUN_FINISHED': {
      const values = {
        required: number(data.coverage?.required ?? 0),
        assigned: number(data.coverage?.assigned ?? 0),
      };
      return { headline: (data.outcome === 'Failed' ? w.runFailed : w.runFinished)(values), lines: [] };
    }
    case 'OPEN_SHIFT_OFFERED':
      return { headline: w.openShiftOffered({ date: day(data.shiftDate) }), lines: [] };
    case 'OPEN_SHIFT_CLAIM_DECIDED': {
      const say = data.decision === 'Approved' ? w.claimApproved : w.claimDeclined;
      return { headline: say({ date: day(data.shiftDate) }), lines: [] };
    }
    case 'ATTENDANCE_EXCEPTION_VALIDATED': {
      const say = data.resolution === 'JUSTIFIED' ? w.exceptionJustified : w.exceptionUnjustified;
      const what = data.exceptionKind ? w[data.exceptionKind]({}) : '';
      return { headline: say({ date: day(data.shiftDate), what }), lines: comment };
    }
    case 'CERTIFICATE_EXPIRING': {
      const type = data.certificationType;
      return {
        headline: w.certificateExpiring({
          name: type ? localName(language, type) : '',
          date: day(data.expiresOn),
        }),
        lines: [],
      };
    }
    case 'SWAP_ANSWERED':
    case 'SWAP_CANCELLED':
    case 'SWAP_DECIDED': {
      const say =
        kind === 'SWAP_CANCELLED'
          ? w.swapCancelled
          : data.decision === 'Accepted'
            ? w.swapAccepted
            : data.decision === 'Declined'
              ? w.swapDeclined
              : data.decision === 'Approved'
                ? w.swapApproved
                : w.swapRejected;
      return { headline: say({ name, offered: day(data.offeredDate) }), lines: [] };
    }
  }
}

/**
 * A notification's mail in its recipient's language, plain text and HTML alike: the headline as the
 * subject, what changed, and the link to the client's screen at `url` (PUBLIC_URL and the notification's
 * path, never a request's address).
 */
export function composeMail(
  language: MailLanguage,
  recipientName: string,
  notification: { kind: NotificationKind; data: NotificationData },
  url: string,
): ComposedMail {
  const w = MAIL_WORDS[language];
  const { headline, lines } = noticeText(language, notification.kind, notification.data);
  const greeting = w.greeting({ name: recipientName });
  const text = [greeting, '', headline, ...lines, '', w.open({}), url, '', '--', w.why({})].join('\n');
  const direction = language === 'ar' ? 'rtl' : 'ltr';
  const html = [
    `<!doctype html><html lang="${language}" dir="${direction}"><head><meta charset="utf-8"><title>${escapeHtml(headline)}</title></head>`,
    `<body style="font-family: sans-serif; line-height: 1.5">`,
    `<p>${escapeHtml(greeting)}</p>`,
    `<p><strong>${escapeHtml(headline)}</strong></p>`,
    lines.length ? `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` : '',
    `<p>${escapeHtml(w.open({}))} <a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`,
    `<p style="color: #666; font-size: small">${escapeHtml(w.why({}))}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: headline, text, html };
}
