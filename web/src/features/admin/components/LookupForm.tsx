import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { DayInput } from '../../../components/DayInput';
import { ErrorNotice } from '../../../components/QueryState';
import { useT } from '../../../lib/i18n/I18nProvider';
import { type LookupRow, useCreateLookup, useReplaceLookup } from '../api/lookups';
import { emptyLookupForm, type LookupFormValues, lookupBody, lookupFormOf } from './lookupBody';
import { type LookupGroupRoute, lookupRefusal } from './lookupGroups';

/** Creates a row of a group, or replaces one (the code stays); the group's own fields come with it. */
export function LookupForm({
  group,
  row,
  onDone,
}: {
  group: LookupGroupRoute;
  row: LookupRow | null;
  onDone: () => void;
}) {
  const t = useT();
  const create = useCreateLookup(group);
  const replace = useReplaceLookup(group);
  const [values, setValues] = useState<LookupFormValues>(row ? lookupFormOf(row) : emptyLookupForm);
  const set =
    <K extends keyof LookupFormValues>(key: K) =>
    (value: LookupFormValues[K]) =>
      setValues((current) => ({ ...current, [key]: value }));
  const field = (key: keyof LookupFormValues) => ({
    value: values[key] as string,
    onChange: (event: { currentTarget: { value: string } }) => set(key)(event.currentTarget.value as never),
  });
  const dayField = (key: 'date' | 'endDate') => ({
    value: values[key],
    onChange: (day: string) => set(key)(day),
  });
  const mutation = row ? replace : create;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = lookupBody(group, values);
    if (row) replace.mutate({ row, body }, { onSuccess: onDone });
    else create.mutate(body, { onSuccess: onDone });
  };
  const refusal = mutation.error ? lookupRefusal(t, mutation.error, values.code.toUpperCase()) : null;
  return (
    <form onSubmit={submit} data-testid="lookup-form">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('admin.lookups.code')}
            description={t('admin.lookups.codeHint')}
            required
            disabled={row !== null}
            dir="ltr"
            {...field('code')}
          />
          <TextInput label={t('admin.lookups.nameEn')} required dir="ltr" {...field('nameEn')} />
          <TextInput
            label={t('admin.lookups.nameAr')}
            required={group !== 'demand-reasons'}
            dir="rtl"
            lang="ar"
            {...field('nameAr')}
          />
          {group === 'skills' && (
            <TextInput label={t('admin.lookups.categoryCode')} dir="ltr" {...field('categoryCode')} />
          )}
          {group === 'holidays' && (
            <>
              <DayInput label={t('admin.lookups.date')} required {...dayField('date')} />
              <DayInput
                label={t('admin.lookups.endDate')}
                description={t('admin.lookups.endDateHint')}
                min={values.date || undefined}
                {...dayField('endDate')}
              />
              <TextInput label={t('admin.lookups.holidayTypeCode')} dir="ltr" {...field('holidayTypeCode')} />
            </>
          )}
          {group === 'shift-templates' && (
            <>
              <TextInput type="time" label={t('admin.lookups.startTime')} required {...field('startTime')} />
              <TextInput
                type="time"
                label={t('admin.lookups.endTime')}
                description={t('admin.lookups.endTimeHint')}
                required
                {...field('endTime')}
              />
              <TextInput label={t('admin.lookups.shiftTypeCode')} dir="ltr" {...field('shiftTypeCode')} />
              <TextInput
                type="number"
                min={0}
                max={24}
                step={0.25}
                label={t('admin.lookups.paidHours')}
                description={t('admin.lookups.paidHoursHint')}
                {...field('paidHours')}
              />
            </>
          )}
        </SimpleGrid>
        <Textarea label={t('admin.lookups.description')} autosize minRows={2} {...field('description')} />
        {group === 'skills' && (
          <Checkbox
            label={t('admin.lookups.requiresCertification')}
            checked={values.requiresCertification}
            onChange={(event) => set('requiresCertification')(event.currentTarget.checked)}
          />
        )}
        <Checkbox
          label={t('admin.lookups.active')}
          checked={values.isActive}
          onChange={(event) => set('isActive')(event.currentTarget.checked)}
        />
        {refusal ? (
          <Alert color="orange" role="alert">
            {refusal}
          </Alert>
        ) : (
          mutation.error && (
            <ErrorNotice
              error={mutation.error}
              fields={{
                code: t('admin.lookups.code'),
                Name_1_English: t('admin.lookups.nameEn'),
                Name_2_Arabic: t('admin.lookups.nameAr'),
                categoryCode: t('admin.lookups.categoryCode'),
                date: t('admin.lookups.date'),
                endDate: t('admin.lookups.endDate'),
                holidayTypeCode: t('admin.lookups.holidayTypeCode'),
                startTime: t('admin.lookups.startTime'),
                endTime: t('admin.lookups.endTime'),
                shiftTypeCode: t('admin.lookups.shiftTypeCode'),
                paidHours: t('admin.lookups.paidHours'),
                description: t('admin.lookups.description'),
              }}
            />
          )
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending}>
            {t(row ? 'admin.save' : 'admin.lookups.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
