import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  List,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorNotice, QueryState } from '../../../components/QueryState';
import { ApiError } from '../../../lib/api/client';
import { usePermissions } from '../../../lib/auth/permissions';
import { formatInstant, weekdayNames } from '../../../lib/i18n/format';
import { type MessageId, useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { useUnit } from '../../../lib/unit';
import { type Settings, type SettingValues, useSettings, useUpdateSettings } from '../api/settings';
import { passwordRules, settingsPatch } from '../components/settingsPatch';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The unit's settings: calendar, working-time rules, sign-in and password rules; changed keys only are sent. */
export default function SettingsPage() {
  const t = useT();
  const settings = useSettings();
  // Kept above the form, which starts afresh at each version: a refusal stays on screen after the reload.
  const update = useUpdateSettings();
  return (
    <>
      <PageHeader title={t('admin.settings.title')} description={t('admin.settings.description')} />
      <QueryState query={settings}>
        {settings.data && <SettingsForm key={settings.data.version} saved={settings.data} update={update} />}
      </QueryState>
    </>
  );
}

function SettingsForm({ saved, update }: { saved: Settings; update: ReturnType<typeof useUpdateSettings> }) {
  const t = useT();
  const lang = useLanguage();
  const unit = useUnit();
  const { has } = usePermissions();
  const readOnly = !has('admin.config');
  const [values, setValues] = useState<SettingValues>(saved.settings);
  const [done, setDone] = useState(update.isSuccess);
  const set = <K extends keyof SettingValues>(key: K, value: SettingValues[K]) => {
    setDone(false);
    setValues((current) => ({ ...current, [key]: value }));
  };
  const number =
    <K extends keyof SettingValues>(key: K) =>
    (value: string | number) => {
      if (typeof value === 'number') set(key, value as SettingValues[K]);
    };
  const patch = settingsPatch(saved.settings, values);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (patch) update.mutate({ version: saved.version, patch }, { onSuccess: () => setDone(true) });
  };
  const names = weekdayNames(lang, 0, 'long');
  const days = WEEKDAYS.map((day, i) => ({ value: day, label: names[i]! }));
  const stale = update.error instanceof ApiError && update.error.status === 412;
  return (
    <form onSubmit={submit} data-testid="settings-form">
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack>
          <Section title={t('admin.settings.calendar')}>
            <TextInput
              label={t('admin.settings.timezone')}
              description={t('admin.settings.timezoneHint')}
              dir="ltr"
              value={values.timezone}
              onChange={(event) => set('timezone', event.currentTarget.value)}
            />
            <Select
              label={t('admin.settings.weekStart')}
              data={days}
              value={values.weekStart}
              allowDeselect={false}
              onChange={(value) => value && set('weekStart', value as SettingValues['weekStart'])}
            />
            <MultiSelect
              label={t('admin.settings.weekendDays')}
              data={days}
              value={values.weekendDays}
              onChange={(value) => set('weekendDays', value as SettingValues['weekendDays'])}
            />
          </Section>
          <Section title={t('admin.settings.rules')}>
            <NumberInput
              label={t('admin.settings.minRestHours')}
              min={0}
              max={48}
              value={values.minRestHours}
              onChange={number('minRestHours')}
            />
            <NumberInput
              label={t('admin.settings.maxConsecutiveDays')}
              min={1}
              max={31}
              allowDecimal={false}
              value={values.maxConsecutiveDays}
              onChange={number('maxConsecutiveDays')}
            />
            <NumberInput
              label={t('admin.settings.maxWeeklyHours')}
              min={1}
              max={168}
              value={values.maxWeeklyHours}
              onChange={number('maxWeeklyHours')}
            />
            <NumberInput
              label={t('admin.settings.maxConsecutiveNights')}
              description={t('admin.settings.maxConsecutiveNightsHint')}
              min={1}
              max={31}
              allowDecimal={false}
              value={values.maxConsecutiveNights ?? ''}
              onChange={(value) => set('maxConsecutiveNights', typeof value === 'number' ? value : null)}
            />
            <NumberInput
              label={t('admin.settings.toleranceMinutes')}
              min={0}
              max={240}
              allowDecimal={false}
              value={values['reconciliation.toleranceMinutes']}
              onChange={number('reconciliation.toleranceMinutes')}
            />
            <NumberInput
              label={t('admin.settings.equalizationWindowDays')}
              min={7}
              max={730}
              allowDecimal={false}
              value={values['equalization.windowDays']}
              onChange={number('equalization.windowDays')}
            />
            <NumberInput
              label={t('admin.settings.allocationTimeLimit')}
              min={1}
              max={600}
              allowDecimal={false}
              value={values['allocation.timeLimitSeconds']}
              onChange={number('allocation.timeLimitSeconds')}
            />
            <NumberInput
              label={t('admin.settings.availability.maxDaysAhead')}
              min={1}
              max={730}
              allowDecimal={false}
              value={values['availability.maxDaysAhead']}
              onChange={number('availability.maxDaysAhead')}
            />
            <NumberInput
              label={t('admin.settings.availability.maxUnavailableDaysPerMonth')}
              min={0}
              max={31}
              allowDecimal={false}
              value={values['availability.maxUnavailableDaysPerMonth']}
              onChange={number('availability.maxUnavailableDaysPerMonth')}
            />
            <NumberInput
              label={t('admin.settings.certificateWarningDays')}
              min={1}
              max={365}
              allowDecimal={false}
              value={values['notifications.certificateWarningDays']}
              onChange={number('notifications.certificateWarningDays')}
            />
          </Section>
          <Section title={t('admin.settings.signIn')}>
            <NumberInput
              label={t('admin.settings.lockoutThreshold')}
              min={1}
              max={100}
              allowDecimal={false}
              value={values['lockout.threshold']}
              onChange={number('lockout.threshold')}
            />
            <NumberInput
              label={t('admin.settings.lockoutMinutes')}
              min={1}
              max={10_080}
              allowDecimal={false}
              value={values['lockout.minutes']}
              onChange={number('lockout.minutes')}
            />
          </Section>
          <Section title={t('admin.settings.password')}>
            <NumberInput
              label={t('admin.settings.passwordMinLength')}
              min={8}
              max={128}
              allowDecimal={false}
              value={values['password.min_length']}
              onChange={number('password.min_length')}
            />
            <Stack gap="xs" justify="center">
              {(['uppercase', 'lowercase', 'digit', 'symbol'] as const).map((rule) => (
                <Checkbox
                  key={rule}
                  label={t(`admin.settings.require.${rule}` as MessageId)}
                  checked={values[`password.require_${rule}`]}
                  onChange={(event) => set(`password.require_${rule}`, event.currentTarget.checked)}
                />
              ))}
            </Stack>
            <div>
              <Title order={3} size="h6">
                {t('admin.settings.policyPreview')}
              </Title>
              <List size="sm" data-testid="password-policy">
                {passwordRules(values).map((rule) => (
                  <List.Item key={rule.id}>
                    {t(`admin.settings.rule.${rule.id}` as MessageId, { count: rule.length ?? 0 })}
                  </List.Item>
                ))}
              </List>
            </div>
          </Section>
          {stale && (
            <Alert color="orange" role="alert">
              {t('admin.settings.stale')}
            </Alert>
          )}
          {update.error && !stale && <ErrorNotice error={update.error} />}
          {done && (
            <Alert color="green" role="status" data-testid="settings-saved">
              {t('admin.saved')}
            </Alert>
          )}
          {!readOnly && (
            <Group justify="space-between">
              <span>
                {t('admin.settings.updatedAt', { time: formatInstant(lang, saved.updatedAt, unit.timeZone) })}
              </span>
              <Group>
                <Button variant="default" disabled={!patch} onClick={() => setValues(saved.settings)}>
                  {t('admin.settings.undo')}
                </Button>
                <Button
                  type="submit"
                  disabled={!patch}
                  loading={update.isPending}
                  data-testid="save-settings"
                >
                  {t('admin.save')}
                </Button>
              </Group>
            </Group>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder component="section">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>{children}</SimpleGrid>
    </Card>
  );
}
