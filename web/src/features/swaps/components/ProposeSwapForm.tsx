import {
  Alert,
  Button,
  type ComboboxData,
  NativeSelect,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import { DayInput } from '../../../components/DayInput';
import { QueryState } from '../../../components/QueryState';
import { addDays, today } from '../../../lib/dates';
import { localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { useUnit } from '../../../lib/unit';
import { useMyLiveShifts, useProposeSwap, useSwapCandidates } from '../api';
import { useSwapRefusal } from './refusal';
import { useShiftText } from './SwapCard';

/** A searchable choice among what the rules allow, or a sentence saying that nothing is allowed. */
function ChoiceOfEligible({
  label,
  none,
  testId,
  value,
  onChange,
  data,
}: {
  label: string;
  none: string;
  testId: string;
  value: string;
  onChange: (value: string) => void;
  data: ComboboxData;
}) {
  const t = useT();
  if (!data.length)
    return (
      <Text c="dimmed" data-testid="swap-none">
        {none}
      </Text>
    );
  return (
    <Select
      label={label}
      description={t('swaps.form.eligibleOnly')}
      placeholder={t('swaps.form.search')}
      nothingFoundMessage={t('swaps.form.nothingFound')}
      searchable
      data-testid={testId}
      value={value || null}
      onChange={(chosen) => onChange(chosen ?? '')}
      data={data}
    />
  );
}

/** Propose from one of my shifts: a colleague's shift in return (swap), or a colleague (give-away). */
export function ProposeSwapForm() {
  const t = useT();
  const lang = useLanguage();
  const shiftText = useShiftText();
  const refusal = useSwapRefusal();
  const unit = useUnit();
  // Tomorrow unless the person looks further ahead: six weeks from there.
  const [from, setFrom] = useState(() => addDays(today(unit.timeZone), 1));
  const mine = useMyLiveShifts(from);
  const [assignmentId, setAssignmentId] = useState<string | null>(null);
  const [kind, setKind] = useState<'Swap' | 'GiveAway'>('Swap');
  const [wanted, setWanted] = useState('');
  const [colleagueId, setColleagueId] = useState('');
  const [note, setNote] = useState('');
  const candidates = useSwapCandidates(assignmentId);
  const propose = useProposeSwap();
  const colleagues = candidates.data ?? [];
  const colleagueText = (c: (typeof colleagues)[number]) =>
    `${localName(lang, c.employee)} (${c.employee.employeeNumber})`;
  // Only what both sides could work is offered (the service checks the rules): grouped by colleague, searchable.
  const wantedOptions = colleagues
    .filter((c) => c.shifts.length)
    .map((c) => ({
      group: colleagueText(c),
      items: c.shifts.map((shift) => ({
        value: shift.assignmentId ?? '',
        label: `${shiftText(shift)} · ${colleagueText(c)}`,
      })),
    }));
  const takers = colleagues
    .filter((c) => c.canTakeOver)
    .map((c) => ({ value: c.employee.id, label: colleagueText(c) }));
  const ready = assignmentId !== null && (kind === 'Swap' ? wanted !== '' : colleagueId !== '');
  const reset = () => {
    setAssignmentId(null);
    setWanted('');
    setColleagueId('');
    setNote('');
  };
  return (
    <Stack gap="sm">
      <DayInput
        label={t('swaps.form.from')}
        description={t('swaps.form.fromHint')}
        value={from}
        required
        onChange={(day) => {
          if (!day) return;
          setFrom(day);
          reset();
          propose.reset();
        }}
        w={220}
        data-testid="swap-from"
      />
      <QueryState query={mine}>
        {(mine.data ?? []).length === 0 ? (
          <Text c="dimmed">{t('swaps.form.noShifts')}</Text>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (!ready) return;
              propose.mutate(
                {
                  kind,
                  assignmentId,
                  ...(kind === 'Swap' ? { colleagueAssignmentId: wanted } : { colleagueId }),
                  ...(note.trim() ? { note: note.trim() } : {}),
                },
                { onSuccess: reset },
              );
            }}
          >
            <Stack gap="sm">
              <NativeSelect
                label={t('swaps.form.myShift')}
                data-testid="swap-my-shift"
                value={assignmentId ?? ''}
                onChange={(event) => {
                  setAssignmentId(event.currentTarget.value || null);
                  setWanted('');
                  propose.reset();
                }}
                data={[
                  { value: '', label: t('swaps.form.choose') },
                  ...(mine.data ?? []).map((shift) => ({
                    value: shift.assignmentId ?? '',
                    label: shiftText(shift),
                  })),
                ]}
              />
              <SegmentedControl
                aria-label={t('swaps.form.kind')}
                value={kind}
                onChange={(value) => setKind(value as 'Swap' | 'GiveAway')}
                data={[
                  { value: 'Swap', label: t('swaps.kind.Swap') },
                  { value: 'GiveAway', label: t('swaps.kind.GiveAway') },
                ]}
              />
              {assignmentId !== null && (
                <QueryState query={candidates}>
                  {kind === 'Swap' ? (
                    <ChoiceOfEligible
                      label={t('swaps.form.theirShift')}
                      none={t('swaps.form.noneToSwap')}
                      testId="swap-their-shift"
                      value={wanted}
                      onChange={setWanted}
                      data={wantedOptions}
                    />
                  ) : (
                    <ChoiceOfEligible
                      label={t('swaps.form.colleague')}
                      none={t('swaps.form.noneToTake')}
                      testId="swap-colleague"
                      value={colleagueId}
                      onChange={setColleagueId}
                      data={takers}
                    />
                  )}
                </QueryState>
              )}
              <Textarea
                label={t('swaps.form.note')}
                value={note}
                onChange={(event) => setNote(event.currentTarget.value)}
                maxLength={500}
                rows={2}
              />
              {propose.error && (
                <Alert color="red" role="alert" data-testid="swap-refusal">
                  {refusal(propose.error)}
                </Alert>
              )}
              {propose.isSuccess && (
                <Alert color="green" role="status">
                  {t('swaps.form.sent')}
                </Alert>
              )}
              <Button type="submit" disabled={!ready} loading={propose.isPending} data-testid="swap-propose">
                {t('swaps.form.submit')}
              </Button>
            </Stack>
          </form>
        )}
      </QueryState>
    </Stack>
  );
}
