import { type Static, Type } from '@sinclair/typebox';
import { named } from '../../core/http/openapi-names.ts';
import { NotificationKindSchema } from '../../core/notification-kinds.ts';
import { WEEKDAY_NAMES } from '../../core/time/dates.ts';

const Weekday = named('Weekday', Type.Union(WEEKDAY_NAMES.map((day) => Type.Literal(day))));

/** Every business-unit setting with its type and bounds; defaults live in `SETTING_DEFAULTS`. */
export const SettingsValues = Type.Object(
  {
    timezone: Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone of business dates' }),
    weekendDays: Type.Array(Weekday, { maxItems: 6, uniqueItems: true }),
    weekStart: Weekday,
    minRestHours: Type.Number({ minimum: 0, maximum: 48 }),
    maxConsecutiveDays: Type.Integer({ minimum: 1, maximum: 31 }),
    maxWeeklyHours: Type.Number({ minimum: 1, maximum: 168 }),
    maxConsecutiveNights: Type.Union([Type.Integer({ minimum: 1, maximum: 31 }), Type.Null()], {
      description: 'Fatigue rule: most night shifts on consecutive dates (MAX_CONSECUTIVE_NIGHTS); null: off',
    }),
    'lockout.threshold': Type.Integer({ minimum: 1, maximum: 100 }),
    'lockout.minutes': Type.Integer({ minimum: 1, maximum: 10_080 }),
    'reconciliation.toleranceMinutes': Type.Integer({ minimum: 0, maximum: 240 }),
    'equalization.windowDays': Type.Integer({ minimum: 7, maximum: 730 }),
    'allocation.timeLimitSeconds': Type.Integer({
      minimum: 1,
      maximum: 600,
      description: 'How long an allocation run may search before it answers with its best roster',
    }),
    'password.min_length': Type.Integer({ minimum: 8, maximum: 128 }),
    'password.require_uppercase': Type.Boolean(),
    'password.require_lowercase': Type.Boolean(),
    'password.require_digit': Type.Boolean(),
    'password.require_symbol': Type.Boolean(),
    'availability.maxDaysAhead': Type.Integer({
      minimum: 1,
      maximum: 730,
      description: 'How far ahead of today employees may state unavailability and dated preferences',
    }),
    'availability.maxUnavailableDaysPerMonth': Type.Integer({
      minimum: 0,
      maximum: 31,
      description: 'Most days of a calendar month one employee may state as unavailable',
    }),
    'notifications.silencedKinds': Type.Array(NotificationKindSchema, {
      uniqueItems: true,
      description: 'Kinds of notification the unit sends nobody, neither in the inbox nor by mail',
    }),
    'notifications.certificateWarningDays': Type.Integer({
      minimum: 1,
      maximum: 365,
      description: 'Days before a certificate ends that its holder is told',
    }),
    currency: Type.String({
      pattern: '^[A-Z]{3}$',
      description: 'ISO 4217 code of the unit’s currency: labour costs are in its minor unit',
    }),
  },
  { $id: 'SettingValues', additionalProperties: false },
);
export type SettingsValues = Static<typeof SettingsValues>;

export const SETTING_DEFAULTS: SettingsValues = {
  timezone: 'Asia/Riyadh',
  weekendDays: ['Friday', 'Saturday'],
  weekStart: 'Sunday',
  minRestHours: 11,
  maxConsecutiveDays: 6,
  maxWeeklyHours: 60,
  maxConsecutiveNights: null,
  'lockout.threshold': 5,
  'lockout.minutes': 15,
  'reconciliation.toleranceMinutes': 10,
  'equalization.windowDays': 90,
  'allocation.timeLimitSeconds': 20,
  'password.min_length': 12,
  'password.require_uppercase': true,
  'password.require_lowercase': true,
  'password.require_digit': true,
  'password.require_symbol': true,
  'availability.maxDaysAhead': 90,
  'availability.maxUnavailableDaysPerMonth': 4,
  'notifications.silencedKinds': [],
  'notifications.certificateWarningDays': 30,
  currency: 'SAR',
};

export const SettingsPatch = Type.Partial(SettingsValues, {
  $id: 'SettingsUpdate',
  additionalProperties: false,
  minProperties: 1,
});
export type SettingsPatch = Static<typeof SettingsPatch>;

export const SettingsResponse = Type.Object(
  {
    businessUnit: Type.Object({ id: Type.String({ format: 'uuid' }), code: Type.String() }),
    settings: SettingsValues,
    version: Type.Integer(),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'BusinessUnitSettings' },
);
export type SettingsResponse = Static<typeof SettingsResponse>;
