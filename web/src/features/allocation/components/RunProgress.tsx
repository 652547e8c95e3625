import { Alert, Group, Progress, Stack, Text } from '@mantine/core';
import { formatNumber } from '../../../lib/i18n/format';
import { type MessageId, useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import type { AllocationRun } from '../api';

/** While the engine works: the phase, the heads covered so far, the time since it started. */
export function RunProgress({ run }: { run: AllocationRun }) {
  const t = useT();
  const lang = useLanguage();
  const progress = run.progress;
  if (!run.executing || !progress) return null;
  const coverage = progress.coverage;
  const ratio = coverage && coverage.required > 0 ? coverage.assigned / coverage.required : 0;
  return (
    <Alert color="blue" title={t('allocation.progress.title')} data-testid="run-progress" aria-live="polite">
      <Stack gap="xs">
        <Group gap="lg">
          <Text size="sm" data-testid="run-phase" data-phase={progress.phase}>
            {t(`allocation.progress.phase.${progress.phase}` as MessageId)}
          </Text>
          <Text size="sm">
            {t('allocation.progress.elapsed', {
              seconds: formatNumber(lang, progress.elapsedMs / 1000, { maximumFractionDigits: 1 }),
            })}
          </Text>
        </Group>
        {coverage ? (
          <>
            <Progress value={ratio * 100} aria-label={t('allocation.progress.coverage')} />
            <Text size="sm" data-testid="run-progress-coverage">
              {t('allocation.progress.covered', {
                assigned: formatNumber(lang, coverage.assigned),
                required: formatNumber(lang, coverage.required),
              })}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('allocation.progress.waiting')}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
