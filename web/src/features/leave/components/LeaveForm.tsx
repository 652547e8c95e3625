import { Alert, Button, Stack, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { UnitDates } from '../../../components/UnitDates';
import 'dayjs/locale/ar';
import '@mantine/dates/styles.css';
import { useState } from 'react';
import { problemText } from '../../../components/QueryState';
import { ApiError } from '../../../lib/api/client';
import { daysBetween, overlaps } from '../../../lib/dates';
import { formatDay } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { type LeaveRequest, useSubmitLeave } from '../api';

const LIVE: LeaveRequest['Status'][] = ['Pending', 'ManagerApproved', 'Approved'];

/** Asks for leave; a range that overlaps one's own live requests is named before anything is sent. */
export function LeaveForm({
  mine,
  today,
  onDone,
}: {
  mine: readonly LeaveRequest[];
  today: string;
  onDone?: () => void;
}) {
  const t = useT();
  const lang = useLanguage();
  const submit = useSubmitLeave();
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const [comment, setComment] = useState('');
  const [from, to] = range;
  const chosen = from && to ? { from, to } : from ? { from, to: from } : null;
  const clashes = chosen
    ? mine.filter((request) => LIVE.includes(request.Status) && overlaps(request, chosen))
    : [];

  const send = () => {
    if (!chosen) return;
    submit.mutate(
      { from: chosen.from, to: chosen.to, comment: comment.trim() || null },
      {
        onSuccess: () => {
          setRange([null, null]);
          setComment('');
          onDone?.();
        },
      },
    );
  };
  return (
    <UnitDates>
      <Stack>
        <DatePickerInput
          type="range"
          allowSingleDateInRange
          label={t('leave.form.dates')}
          description={t('leave.form.datesHint')}
          placeholder={t('leave.form.pick')}
          minDate={today}
          value={range}
          onChange={(value) => setRange(value as [string | null, string | null])}
          valueFormatter={({ date }) => {
            const [a, b] = (Array.isArray(date) ? date : [date, null]) as [string | null, string | null];
            if (!a) return '';
            return b && b !== a ? `${formatDay(lang, a)} – ${formatDay(lang, b)}` : formatDay(lang, a);
          }}
          data-testid="leave-dates"
          nextLabel={t('common.nextMonth')}
          previousLabel={t('common.previousMonth')}
          getDayProps={(date) => ({ 'data-date': date }) as never}
          clearable
        />
        {chosen && (
          <Alert color={clashes.length ? 'orange' : 'blue'} role="status" data-testid="leave-preview">
            {t('leave.form.days', { count: daysBetween(chosen.from, chosen.to) + 1 })}
            {clashes.map((request) => (
              <div key={request.id} data-testid="leave-overlap">
                {t('leave.form.overlap', {
                  from: formatDay(lang, request.from),
                  to: formatDay(lang, request.to),
                  status: t(`leave.status.${request.Status}`),
                })}
              </div>
            ))}
          </Alert>
        )}
        <Textarea
          label={t('leave.form.comment')}
          autosize
          minRows={2}
          maxLength={1000}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
        />
        {submit.error && (
          <Alert color="red" role="alert">
            {submit.error instanceof ApiError ? problemText(t, submit.error) : t('error.network')}
          </Alert>
        )}
        {submit.isSuccess && (
          <Alert color="green" role="status" data-testid="leave-sent">
            {t('leave.form.sent')}
          </Alert>
        )}
        <Button onClick={send} disabled={!chosen || clashes.length > 0} loading={submit.isPending}>
          {t('leave.form.submit')}
        </Button>
      </Stack>
    </UnitDates>
  );
}
