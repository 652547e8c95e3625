import { actorOf, recordAudit } from '../../core/audit/record.ts';
import type { Caller } from '../../core/auth/caller.ts';
import type { PrincipalStore } from '../../core/auth/principal-store.ts';
import type { Executor } from '../../core/db/database.ts';
import { AppError, businessRule, notFound } from '../../core/http/errors.ts';
import { assertVersion } from '../../core/http/versioning.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { isValidTimeZone } from '../../core/time/dates.ts';
import { findFirstUnitId, findSettingsRow, listUnitIds, updateSettingsRow } from './repository.ts';
import {
  SETTING_DEFAULTS,
  type SettingsPatch,
  type SettingsResponse,
  type SettingsValues,
} from './schemas.ts';

/** The business unit's settings: its stored values over the defaults. */
export async function readSettings(executor: Executor, buId: string): Promise<SettingsResponse> {
  const row = await findSettingsRow(executor, buId);
  if (!row) throw notFound('Settings of this business unit');
  return {
    businessUnit: { id: row.buId, code: row.buCode },
    settings: { ...SETTING_DEFAULTS, ...(row.values as Partial<SettingsValues>) },
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The settings that apply where no business unit does (a login under a name no account has): those of the
 * first unit, which the bootstrap created.
 */
export async function readSettingsOfNoUnit(executor: Executor): Promise<SettingsValues> {
  const buId = await findFirstUnitId(executor);
  return buId ? (await readSettings(executor, buId)).settings : { ...SETTING_DEFAULTS };
}

/** Every business unit's id (a sweep run without a caller covers them all). */
export const allUnitIds = (executor: Executor) => listUnitIds(executor);

function checkRules(settings: SettingsValues): void {
  const errors: { path: string; message: string }[] = [];
  if (!isValidTimeZone(settings.timezone)) {
    errors.push({ path: '/timezone', message: `"${settings.timezone}" is not an IANA time zone` });
  }
  if (settings.weekendDays.length > 5) {
    errors.push({ path: '/weekendDays', message: 'at least two days of the week must be working days' });
  }
  if (settings.maxWeeklyHours > settings.maxConsecutiveDays * 24) {
    errors.push({
      path: '/maxWeeklyHours',
      message: 'cannot exceed what maxConsecutiveDays allows (24 h per working day)',
    });
  }
  if (!Intl.supportedValuesOf('currency').includes(settings.currency)) {
    errors.push({ path: '/currency', message: `"${settings.currency}" is not an ISO 4217 currency` });
  }
  if (errors.length) throw businessRule('SETTINGS_INVALID', 'Some settings break a rule', { errors });
}

export async function updateSettings(
  { db: executor, now }: ServiceDeps,
  caller: Caller,
  patch: SettingsPatch,
): Promise<SettingsResponse> {
  const buId = caller.principal.buId;
  return executor.transaction(async (tx) => {
    const current = await readSettings(tx, buId);
    assertVersion(caller.expectedVersion, current.version);
    const next = { ...current.settings, ...patch };
    checkRules(next);
    const row = await findSettingsRow(tx, buId);
    const stored = { ...(row?.values as object), ...patch };
    if (!(await updateSettingsRow(tx, buId, current.version, stored, caller.principal.userId, now()))) {
      throw new AppError(412, 'PRECONDITION_FAILED', 'The settings were changed meanwhile; read them again');
    }
    const changed = Object.fromEntries(
      Object.keys(patch).map((key) => [
        key,
        { from: current.settings[key as keyof SettingsValues], to: next[key as keyof SettingsValues] },
      ]),
    );
    await recordAudit(tx, actorOf(caller), {
      action: 'settings.update',
      entityType: 'settings',
      entityId: buId,
      details: { changed },
    });
    return readSettings(tx, buId);
  });
}

/**
 * The caller's unit's settings, every key resolved, from the access cache: a change announces the unit
 * (migration 0005's trigger) and the write's answer waits until every process has heard it.
 */
export const settingsOf = (deps: ServiceDeps, caller: Caller, cache: Pick<PrincipalStore, 'keptValue'>) => {
  const buId = caller.principal.buId;
  return cache.keptValue(`unit:${buId}`, 'settings', () => readSettings(deps.db, buId));
};
