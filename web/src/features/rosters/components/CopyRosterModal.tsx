import { Alert, Box, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { DayInput } from '../../../components/DayInput';
import { useReasonName, useRefusalText } from '../../../components/RuleReasons';
import { ApiError } from '../../../lib/api/client';
import { useCodeNames } from '../../../lib/api/lookups';
import { addDays } from '../../../lib/dates';
import { formatDay, formatNumber, isolated, localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { type RosterCopy, type Scope, useCopyRoster, usePreviewRosterCopy } from '../api';

const SHOWN_SKIPPED = 50;

/**
 * Repeating a week that worked: a period of the live roster copied onto another, person by person. The
 * preview lists what would be left out and why; the copy writes exactly what the preview showed, or
 * nothing and a new preview when the roster changed meanwhile.
 */
export function CopyRosterModal({
  opened,
  departmentId,
  scope,
  onClose,
}: {
  opened: boolean;
  departmentId: string;
  scope: Scope;
  onClose: () => void;
}) {
  const t = useT();
  const lang = useLanguage();
  const names = useCodeNames();
  const reason = useReasonName();
  const refusal = useRefusalText();
  const [from, setFrom] = useState(addDays(scope.from, -7));
  const [to, setTo] = useState(addDays(scope.from, -1));
  const [onto, setOnto] = useState(scope.from);
  const [plan, setPlan] = useState<RosterCopy | null>(null);
  const [changed, setChanged] = useState(false);
  const preview = usePreviewRosterCopy();
  const copy = useCopyRoster();
  const request = { departmentId, from, to, onto };
  const reset = () => {
    setPlan(null);
    setChanged(false);
    preview.reset();
    copy.reset();
  };
  const close = () => {
    reset();
    onClose();
  };
  const apply = async () => {
    if (!plan) return;
    try {
      setPlan(await copy.mutateAsync({ ...request, expected: plan.fingerprint }));
      setChanged(false);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'COPY_CHANGED' && error.problem?.preview) {
        setPlan(error.problem.preview as RosterCopy);
        setChanged(true);
        copy.reset();
      }
    }
  };
  // A new date makes the preview stale: it is asked for again.
  const picked = (set: (date: string) => void) => (date: string | null) => {
    if (!date) return;
    reset();
    set(date);
  };
  const day = (date: string) => formatDay(lang, date, { weekday: 'short', day: 'numeric', month: 'short' });
  const error = preview.error ?? copy.error;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('rosters.copy.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      // No scroll lock: the library behind it injects a <style> without the CSP nonce.
      lockScroll={false}
      size="lg"
      data-testid="copy-roster"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('rosters.copy.intro')}
        </Text>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <DayInput label={t('rosters.copy.from')} value={from} required onChange={picked(setFrom)} />
          <DayInput label={t('rosters.copy.to')} value={to} required onChange={picked(setTo)} />
          <DayInput label={t('rosters.copy.onto')} value={onto} required onChange={picked(setOnto)} />
        </Group>
        {!plan?.written && (
          <Group>
            <Button
              variant="default"
              loading={preview.isPending}
              onClick={() => preview.mutate(request, { onSuccess: (answer) => setPlan(answer) })}
              data-testid="copy-preview"
            >
              {t('rosters.copy.preview')}
            </Button>
          </Group>
        )}
        {error && !(error instanceof ApiError && error.code === 'COPY_CHANGED') && (
          <Alert color="red" role="alert">
            {refusal(error)}
          </Alert>
        )}
        {changed && (
          <Alert color="yellow" role="alert" data-testid="copy-changed">
            {t('rosters.copy.changed')}
          </Alert>
        )}
        {plan && (
          <Stack gap="xs" data-testid="copy-plan">
            <Text size="sm" fw={600} role="status" data-testid="copy-summary">
              {t(plan.written ? 'rosters.copy.written' : 'rosters.copy.summary', {
                copied: plan.copied.length,
                n: formatNumber(lang, plan.copied.length),
                skipped: formatNumber(lang, plan.skipped.length),
              })}
            </Text>
            {plan.skipped.length > 0 && (
              <>
                <Text size="sm">{t('rosters.copy.skippedTitle', { count: plan.skipped.length })}</Text>
                <Box mah={240} style={{ overflowY: 'auto' }}>
                  <List size="sm" data-testid="copy-skipped">
                    {plan.skipped.slice(0, SHOWN_SKIPPED).map((item) => (
                      <List.Item key={`${item.employee.id}-${item.date}`}>
                        {t('rosters.copy.skippedItem', {
                          who: isolated(localName(lang, item.employee)),
                          day: isolated(day(item.date)),
                          shift: names.shift(item.shiftTemplateCode),
                          rules: item.reasons.map((code) => reason(code, item.certification)).join('، '),
                        })}
                      </List.Item>
                    ))}
                  </List>
                </Box>
                {plan.skipped.length > SHOWN_SKIPPED && (
                  <Text size="xs" c="dimmed">
                    {t('rosters.copy.more', { count: plan.skipped.length - SHOWN_SKIPPED })}
                  </Text>
                )}
              </>
            )}
            {plan.written ? (
              <Text size="sm">{t('rosters.copy.thenRun')}</Text>
            ) : (
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  {t('common.cancel')}
                </Button>
                <Button
                  onClick={() => void apply()}
                  loading={copy.isPending}
                  disabled={plan.copied.length === 0}
                  data-testid="copy-apply"
                >
                  {t('rosters.copy.apply', {
                    count: plan.copied.length,
                    n: formatNumber(lang, plan.copied.length),
                  })}
                </Button>
              </Group>
            )}
          </Stack>
        )}
        {plan?.written && (
          <Group justify="flex-end">
            <Button onClick={close} data-testid="copy-close">
              {t('common.close')}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
