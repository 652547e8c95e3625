import type { ServiceDeps } from '../../core/module-context.ts';
import { addDays, businessDate } from '../../core/time/dates.ts';
import { certificationTypesByCodes } from '../lookups/reads.ts';
import { certificationsExpiring } from '../people/reads.ts';
import { readSettings } from '../settings/service.ts';
import { notify } from './service.ts';

/**
 * Tells each holder of an Active certification that expires within the unit's warning days
 * (`notifications.certificateWarningDays`), once per certification and expiry date: the pass may run as
 * often as it likes (every process of the service runs it), and a renewed certificate is told again as
 * its own end nears. Answers how many certifications were due a notice (told now or before).
 */
export async function noticeExpiringCertifications(
  deps: ServiceDeps,
  buIds: readonly string[],
): Promise<number> {
  let due = 0;
  for (const buId of buIds)
    await deps.db.transaction(async (tx) => {
      const { settings } = await readSettings(tx, buId);
      const today = businessDate(deps.now(), settings.timezone);
      const expiring = await certificationsExpiring(
        tx,
        buId,
        today,
        addDays(today, settings['notifications.certificateWarningDays']),
      );
      due += expiring.length;
      const codes = [...new Set(expiring.map((row) => row.certificationCode))];
      const types = new Map(
        (await certificationTypesByCodes(tx, buId, codes)).map((type) => [type.code, type]),
      );
      await notify(
        tx,
        expiring.map((row) => ({
          buId,
          employeeIds: [row.employeeId],
          kind: 'CERTIFICATE_EXPIRING' as const,
          data: {
            certificationType: types.get(row.certificationCode) ?? {
              code: row.certificationCode,
              nameEn: row.certificationCode,
              nameAr: null,
            },
            expiresOn: row.expiresOn,
          },
          key: `certification-expiring:${row.id}:${row.expiresOn}`,
        })),
      );
    });
  return due;
}
