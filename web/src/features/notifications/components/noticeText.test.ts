import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../../lib/i18n/format';
import { arabic, english, type MessageId } from '../../../lib/i18n/messages/index';
import type { Notification } from '../api';
import { noticeText } from './noticeText';

/** Every kind the service tells: the compiler fails this list when the document gains one. */
const KINDS = {
  ROSTER_CHANGED: true,
  LEAVE_DECIDED: true,
  LEAVE_AWAITING: true,
  ROSTER_AWAITING: true,
  SWAP_AWAITING: true,
  SWAP_PROPOSED: true,
  SWAP_ANSWERED: true,
  SWAP_CANCELLED: true,
  SWAP_DECIDED: true,
  IMPORT_FINISHED: true,
  RUN_FINISHED: true,
  OPEN_SHIFT_OFFERED: true,
  OPEN_SHIFT_CLAIM_DECIDED: true,
  ATTENDANCE_EXCEPTION_VALIDATED: true,
  CERTIFICATE_EXPIRING: true,
} satisfies Record<Notification['kind'], true>;

const data: Notification['data'] = {
  version: 2,
  from: '2027-03-01',
  to: '2027-03-02',
  step: 1,
  decision: 'Approved',
  offeredDate: '2027-04-10',
  wantedDate: null,
  swapKind: 'GiveAway',
  shiftDate: '2027-04-11',
  exceptionKind: 'LATE_ARRIVAL',
  resolution: 'JUSTIFIED',
  outcome: 'Completed',
  rowsTotal: 10,
  rowsFailed: 0,
  coverage: { required: 4, assigned: 3 },
  by: { employeeNumber: 'E1', nameEn: 'Sara Ali', nameAr: 'سارة علي' },
  certificationType: { code: 'FIRST_AID', nameEn: 'First aid', nameAr: 'الإسعافات الأولية' },
  expiresOn: '2027-03-20',
};

const translator = (lang: Language) => {
  const intl = createIntl({ locale: lang, messages: lang === 'ar' ? arabic : english });
  return (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
};

const notice = (kind: Notification['kind']): Notification => ({
  id: '00000000-0000-4000-8000-000000000001',
  kind,
  data,
  link: '/my/roster',
  createdAt: '2027-03-01T08:00:00Z',
  readAt: null,
});

describe('a notification as the bell writes it', () => {
  it('has a headline in the reader’s language for every kind, with nothing left to fill', () => {
    for (const kind of Object.keys(KINDS) as Notification['kind'][])
      for (const lang of ['en', 'ar'] as const) {
        const { headline } = noticeText(translator(lang), lang, notice(kind));
        expect(headline, `${kind} ${lang}`).not.toBe('');
        expect(headline, `${kind} ${lang}`).not.toMatch(/[{}]|[A-Z]{2,}_[A-Z_]+/);
        expect(/[\u0600-\u06FF]/.test(headline), `${kind} ${lang}: ${headline}`).toBe(lang === 'ar');
      }
  });

  it('names the certificate that nears its end and its last day', () => {
    const strip = (text: string) => text.replace(/[\u2066-\u2069]/g, '');
    expect(strip(noticeText(translator('en'), 'en', notice('CERTIFICATE_EXPIRING')).headline)).toBe(
      'Your certificate First aid expires on 20 Mar 2027: renew it before then',
    );
    expect(strip(noticeText(translator('ar'), 'ar', notice('CERTIFICATE_EXPIRING')).headline)).toMatch(
      /^تنتهي شهادتك الإسعافات الأولية في 20 مارس 2027/,
    );
  });
});
