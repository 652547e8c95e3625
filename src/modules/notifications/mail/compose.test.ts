import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '../../../core/notification-kinds.ts';
import type { NotificationData } from '../schemas.ts';
import { composeMail } from './compose.ts';

const URL = 'https://rosters.example.com/my/roster?month=2027-03';
const ARABIC = /[\u0600-\u06FF]/;

const shift = {
  shiftCode: 'M',
  shiftNameEn: 'Morning',
  shiftNameAr: 'صباحية',
  start: '06:00',
  end: '14:00',
  terminalCode: 'T1',
  terminalNameEn: 'Terminal 1',
  terminalNameAr: 'المبنى 1',
};

const data: NotificationData = {
  version: 2,
  changes: [{ date: '2027-03-08', change: 'moved', before: shift, after: { ...shift, start: '07:00' } }],
  from: '2027-03-01',
  to: '2027-03-02',
  step: 1,
  decision: 'Approved',
  offeredDate: '2027-04-10',
  shiftDate: '2027-04-11',
  exceptionKind: 'LATE_ARRIVAL',
  resolution: 'UNJUSTIFIED',
  wantedDate: null,
  swapKind: 'GiveAway',
  outcome: 'Executed',
  rowsTotal: 10,
  rowsFailed: 2,
  coverage: { required: 4, assigned: 3 },
  by: { employeeNumber: 'E1', nameEn: 'Sara <Admin>', nameAr: 'سارة' },
  certificationType: { code: 'FIRST_AID', nameEn: 'First aid', nameAr: 'الإسعافات الأولية' },
  expiresOn: '2027-03-20',
};

describe('the mail of a notification', () => {
  it('is written for every kind in each language, plain text and HTML, with the link', () => {
    for (const kind of NOTIFICATION_KINDS) {
      for (const language of ['en', 'ar'] as const) {
        const mail = composeMail(language, 'Ramp Agent', { kind, data }, URL);
        expect(mail.subject, `${kind} ${language}`).not.toBe('');
        expect(ARABIC.test(mail.subject), `${kind} ${language}: ${mail.subject}`).toBe(language === 'ar');
        expect(mail.text).toContain(URL);
        expect(mail.html).toContain(`href="${URL.replaceAll('&', '&#38;')}"`);
        expect(mail.html).toContain(language === 'ar' ? 'dir="rtl"' : 'dir="ltr"');
      }
    }
  });

  it('says what moved, with the times in the unit’s zone as the notification keeps them', () => {
    const en = composeMail('en', 'Ramp Agent', { kind: 'ROSTER_CHANGED', data }, URL);
    expect(en.subject).toBe('Your roster changed: version 2');
    expect(en.text).toContain(
      '8 Mar 2027: Morning 06:00–14:00, Terminal 1 now Morning 07:00–14:00, Terminal 1',
    );
    const ar = composeMail('ar', 'Ramp Agent', { kind: 'ROSTER_CHANGED', data }, URL);
    expect(ar.text).toContain('8 مارس 2027: صباحية 06:00–14:00، المبنى 1 صارت صباحية 07:00–14:00، المبنى 1');
  });

  it('names the certificate that nears its end and its last day, in the recipient’s language', () => {
    const en = composeMail('en', 'Ramp Agent', { kind: 'CERTIFICATE_EXPIRING', data }, URL);
    expect(en.subject).toBe('Your certificate First aid expires on 20 Mar 2027: renew it before then');
    const ar = composeMail('ar', 'Ramp Agent', { kind: 'CERTIFICATE_EXPIRING', data }, URL);
    expect(ar.subject).toBe('تنتهي شهادتك الإسعافات الأولية في 20 مارس 2027: جدّدها قبل ذلك');
  });

  it('escapes the names it carries in the HTML', () => {
    const mail = composeMail('en', 'A & B', { kind: 'SWAP_PROPOSED', data }, URL);
    expect(mail.subject).toBe('Sara <Admin> offers you their shift of 10 Apr 2027');
    expect(mail.html).toContain('Sara &#60;Admin&#62; offers you');
    expect(mail.html).toContain('Hello A &#38; B,');
    expect(mail.html).not.toContain('<Admin>');
  });
});
