import type { Schemas } from '../../../lib/api/client';

type Values = Schemas['SettingValues'];

const same = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b)
    ? a.length === b.length && [...a].sort().join() === [...b].sort().join()
    : a === b;

/** Only the keys the person changed (the service takes a partial patch); `null` when nothing changed. */
export function settingsPatch(saved: Values, edited: Values): Schemas['SettingsUpdate'] | null {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(edited) as (keyof Values)[])
    if (!same(saved[key], edited[key])) patch[key] = edited[key];
  return Object.keys(patch).length ? (patch as Schemas['SettingsUpdate']) : null;
}

/** The password rules as the catalogue names them, in the order a person reads a policy. */
export function passwordRules(values: Values): { id: string; length?: number }[] {
  return [
    { id: 'length', length: values['password.min_length'] },
    ...(values['password.require_uppercase'] ? [{ id: 'uppercase' }] : []),
    ...(values['password.require_lowercase'] ? [{ id: 'lowercase' }] : []),
    ...(values['password.require_digit'] ? [{ id: 'digit' }] : []),
    ...(values['password.require_symbol'] ? [{ id: 'symbol' }] : []),
  ];
}
