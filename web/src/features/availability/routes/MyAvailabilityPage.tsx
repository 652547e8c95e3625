import { Badge, Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { addMonths, firstOfMonth, lastOfMonth, monthOf, today as todayIn } from '../../../lib/dates';
import { formatDay, monthTitle } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { useUnit } from '../../../lib/unit';
import { type MyAvailability, useMyAvailability, useRemovePreference, useRemoveUnavailability } from '../api';
import { PreferenceForm } from '../components/PreferenceForm';
import { UnavailabilityForm } from '../components/UnavailabilityForm';
import { preferenceText, unavailabilityText, wishError } from '../components/wishText';

/** My availability: the days I cannot work, my preferences, the unit's limits and what the roster grants. */
export default function MyAvailabilityPage() {
  const t = useT();
  const unit = useUnit();
  const [month, setMonth] = useState(() => monthOf(todayIn(unit.timeZone)));
  const mine = useMyAvailability(firstOfMonth(month), lastOfMonth(month));
  const lang = useLanguage();
  return (
    <>
      <PageHeader title={t('availability.title')} description={t('availability.description')} />
      <Group mb="md" gap="xs">
        <Button variant="default" size="xs" onClick={() => setMonth(addMonths(month, -1))}>
          {t('common.previousMonth')}
        </Button>
        <Text fw={700} aria-live="polite" data-testid="availability-month">
          {monthTitle(lang, month)}
        </Text>
        <Button variant="default" size="xs" onClick={() => setMonth(addMonths(month, 1))}>
          {t('common.nextMonth')}
        </Button>
      </Group>
      <QueryState query={mine}>{mine.data && <Content data={mine.data} onMonth={setMonth} />}</QueryState>
    </>
  );
}

function Content({ data, onMonth }: { data: MyAvailability; onMonth: (month: string) => void }) {
  const t = useT();
  const lang = useLanguage();
  const removeAway = useRemoveUnavailability();
  const removeWish = useRemovePreference();
  const granted = new Map<string, { asked: number; granted: number }>();
  for (const outcome of data.outcomes) {
    const counts = granted.get(outcome.preferenceId) ?? { asked: 0, granted: 0 };
    counts.asked++;
    if (outcome.granted) counts.granted++;
    granted.set(outcome.preferenceId, counts);
  }
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Card withBorder mb="lg">
          <Title order={2} size="h4" mb="sm">
            {t('availability.unavailable.title')}
          </Title>
          <UnavailabilityForm limits={data.limits} onSaved={(from) => onMonth(monthOf(from))} />
        </Card>
        <Title order={2} size="h4" mb="sm">
          {t('availability.unavailable.list', { month: monthTitle(lang, monthOf(data.from)) })}
        </Title>
        {removeAway.error && <Text c="red">{wishError(t, removeAway.error)}</Text>}
        {data.unavailability.length === 0 ? (
          <Text c="dimmed">{t('availability.unavailable.empty')}</Text>
        ) : (
          <Stack gap="xs" data-testid="my-unavailability">
            {data.unavailability.map((entry) => (
              <Card key={entry.id} withBorder padding="sm" data-testid="unavailability">
                <Group justify="space-between" wrap="wrap">
                  <div>
                    <Text fw={700}>{unavailabilityText(lang, entry)}</Text>
                    <Text size="sm">{entry.reason}</Text>
                    <Text size="sm" c="dimmed">
                      {t('availability.unavailable.days', { count: entry.days })}
                    </Text>
                  </div>
                  {entry.to >= data.limits.today && (
                    <Button
                      variant="light"
                      color="red"
                      size="xs"
                      loading={removeAway.isPending && removeAway.variables === entry.id}
                      onClick={() => removeAway.mutate(entry.id)}
                      aria-label={t('availability.removeNamed', { what: unavailabilityText(lang, entry) })}
                    >
                      {t('availability.remove')}
                    </Button>
                  )}
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Card withBorder mb="lg">
          <Title order={2} size="h4" mb="sm">
            {t('availability.preference.title')}
          </Title>
          <PreferenceForm limits={data.limits} />
        </Card>
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            {t('availability.preference.list')}
          </Title>
          <Badge variant="light" data-testid="wishes-granted">
            {t('availability.granted.total', data.wishesGranted)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" mb="xs">
          {t('availability.limits', {
            count: data.preferences.length,
            max: data.limits.maxPreferences,
            perMonth: data.limits.maxUnavailableDaysPerMonth,
            latest: formatDay(lang, data.limits.latestDate),
          })}
        </Text>
        {removeWish.error && <Text c="red">{wishError(t, removeWish.error)}</Text>}
        {data.preferences.length === 0 ? (
          <Text c="dimmed">{t('availability.preference.empty')}</Text>
        ) : (
          <Stack gap="xs" data-testid="my-preferences">
            {data.preferences.map((preference) => {
              const counts = granted.get(preference.id);
              return (
                <Card key={preference.id} withBorder padding="sm" data-testid="preference">
                  <Group justify="space-between" wrap="wrap">
                    <div>
                      <Text fw={700}>{preferenceText(t, lang, preference)}</Text>
                      <Text size="sm" c={counts && counts.granted < counts.asked ? 'orange.8' : 'dimmed'}>
                        {counts ? t('availability.granted.some', counts) : t('availability.granted.none')}
                      </Text>
                    </div>
                    <Button
                      variant="light"
                      color="red"
                      size="xs"
                      loading={removeWish.isPending && removeWish.variables === preference.id}
                      onClick={() => removeWish.mutate(preference.id)}
                      aria-label={t('availability.removeNamed', {
                        what: preferenceText(t, lang, preference),
                      })}
                    >
                      {t('availability.remove')}
                    </Button>
                  </Group>
                </Card>
              );
            })}
          </Stack>
        )}
      </Grid.Col>
    </Grid>
  );
}
