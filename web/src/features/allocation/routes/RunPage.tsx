import { Alert, Button, Group, List, Modal, Stack, Tabs, Text, Textarea } from '@mantine/core';
import { type ComponentType, useState } from 'react';
import { useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { useReasonName, useRefusalText } from '../../../components/RuleReasons';
import { ApiError } from '../../../lib/api/client';
import { usePermissions } from '../../../lib/auth/permissions';
import { formatDay } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import {
  type AllocationRun,
  type AllocationRunAction,
  useAllocationRun,
  useAllocationRunAction,
} from '../api';
import { CandidatesModal } from '../components/CandidatesModal';
import { ProposalGrid } from '../components/ProposalGrid';
import { RunProgress } from '../components/RunProgress';
import { RunStatusBadge } from '../components/RunStatusBadge';
import { RunSummary } from '../components/RunSummary';
import { StaleRunAlert } from '../components/StaleRun';
import { UnfilledLines } from '../components/UnfilledLines';

/** What a run's proposal costs, shown under its summary: the costs area's panel, which the shell hands in. */
export type CostPanel = ComponentType<{ runId: string; executions: number }>;

export default function RunPage({ costPanel }: { costPanel?: CostPanel }) {
  const { id = '' } = useParams();
  const run = useAllocationRun(id);
  return (
    <QueryState query={run}>{run.data && <RunScreen run={run.data} CostPanel={costPanel} />}</QueryState>
  );
}

function RunScreen({ run, CostPanel }: { run: AllocationRun; CostPanel: CostPanel | undefined }) {
  const t = useT();
  const lang = useLanguage();
  const [line, setLine] = useState<{ id: string; label: string } | null>(null);
  const { has } = usePermissions();
  return (
    <>
      <PageHeader
        title={t('allocation.run.title', { plan: run.plan.name })}
        description={t('common.period', { from: formatDay(lang, run.from), to: formatDay(lang, run.to) })}
        actions={<RunStatusBadge status={run.Status} />}
      />
      <Stack gap="md">
        <RunActions run={run} />
        <RunProgress run={run} />
        <StaleRunAlert run={run} />
        {run.lastFailure && !run.executing && (
          <Alert color="red" title={t('allocation.failure.title')} role="alert">
            {run.lastFailure.detail}
          </Alert>
        )}
        {run.reviewComment && (
          <Text size="sm" data-testid="review-comment">
            {t('allocation.review.comment', { comment: run.reviewComment })}
          </Text>
        )}
        {run.result && (
          <Tabs defaultValue="summary" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="summary">{t('allocation.tab.summary')}</Tabs.Tab>
              <Tabs.Tab value="unfilled">
                {t('allocation.tab.unfilled', { count: run.result.unfilled.length })}
              </Tabs.Tab>
              <Tabs.Tab value="proposal">{t('allocation.tab.proposal')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="summary" pt="md">
              <RunSummary result={run.result} />
              {CostPanel && has('labour_cost.view') && (
                <CostPanel runId={run.id} executions={run.executions} />
              )}
            </Tabs.Panel>
            <Tabs.Panel value="unfilled" pt="md">
              <UnfilledLines result={run.result} onCandidates={setLine} />
            </Tabs.Panel>
            <Tabs.Panel value="proposal" pt="md">
              <ProposalGrid run={run} />
            </Tabs.Panel>
          </Tabs>
        )}
      </Stack>
      <CandidatesModal runId={run.id} executions={run.executions} line={line} onClose={() => setLine(null)} />
    </>
  );
}

/** What the run's state allows: execute, rerun, review with a comment, lock, archive. */
function RunActions({ run }: { run: AllocationRun }) {
  const t = useT();
  const lang = useLanguage();
  const { has } = usePermissions();
  const action = useAllocationRunAction(run.id);
  const refusal = useRefusalText();
  const reason = useReasonName();
  const [reviewing, setReviewing] = useState(false);
  const [archiving, setArchiving] = useState(false);
  const [locking, setLocking] = useState(false);
  const [comment, setComment] = useState('');
  const status = run.Status;
  const busy = action.isPending;
  const act = (what: AllocationRunAction, extra?: { comment?: string }) =>
    action.mutate(
      { action: what, ...extra },
      {
        onSuccess: () => {
          setReviewing(false);
          setArchiving(false);
        },
      },
    );
  const conflicts =
    action.error instanceof ApiError && action.error.code === 'LOCK_CONFLICTS'
      ? ((action.error.problem?.conflicts as { date: string; rule: string; detail: string }[] | undefined) ??
        [])
      : [];
  return (
    <>
      <Group gap="sm">
        {status === 'Draft' && has('allocation_run.execute') && (
          <Button onClick={() => act('execute')} loading={busy && action.variables?.action === 'execute'}>
            {t('allocation.action.execute')}
          </Button>
        )}
        {(status === 'Executed' || status === 'Reviewed') && has('allocation_run.execute') && (
          <Button
            variant="light"
            onClick={() => act('rerun')}
            loading={busy && action.variables?.action === 'rerun'}
          >
            {t('allocation.action.rerun')}
          </Button>
        )}
        {status === 'Executed' && has('allocation_run.write') && (
          <Button onClick={() => setReviewing(true)}>{t('allocation.action.review')}</Button>
        )}
        {status === 'Reviewed' && has('allocation_run.lock') && (
          <Button
            color="green"
            onClick={() => setLocking(true)}
            loading={busy && action.variables?.action === 'lock'}
          >
            {t('allocation.action.lock')}
          </Button>
        )}
        {status !== 'Archived' && !run.executing && has('allocation_run.archive') && (
          <Button variant="subtle" color="red" onClick={() => setArchiving(true)}>
            {t('allocation.action.archive')}
          </Button>
        )}
      </Group>
      <ConfirmDialog
        opened={locking}
        title={t('allocation.lock.confirmTitle')}
        confirmLabel={t('allocation.action.lock')}
        color="green"
        onCancel={() => setLocking(false)}
        onConfirm={() => {
          setLocking(false);
          act('lock');
        }}
      >
        {t('allocation.lock.confirmBody')}
      </ConfirmDialog>
      {action.error && !reviewing && !archiving && (
        <Alert color="red" role="alert" title={t('allocation.action.refused')} data-testid="run-action-error">
          {refusal(action.error)}
          {conflicts.length > 0 && (
            <List size="sm" mt="xs">
              {conflicts.map((conflict) => (
                <List.Item key={`${conflict.date}-${conflict.rule}-${conflict.detail}`}>
                  {/* The checker's detail is written in English: shown to an English reader only. */}
                  {formatDay(lang, conflict.date)} · {reason(conflict.rule)}
                  {lang === 'en' && ` · ${conflict.detail}`}
                </List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      <Modal
        lockScroll={false}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        opened={reviewing}
        onClose={() => setReviewing(false)}
        title={t('allocation.review.title')}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            act('review', { comment });
          }}
        >
          <Stack>
            <Textarea
              label={t('allocation.review.label')}
              value={comment}
              onChange={(event) => setComment(event.currentTarget.value)}
              maxLength={1000}
              autosize
              minRows={3}
            />
            {action.error && <Alert color="red">{refusal(action.error)}</Alert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setReviewing(false)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {t('allocation.review.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <Modal
        lockScroll={false}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        opened={archiving}
        onClose={() => setArchiving(false)}
        title={t('allocation.archive.title')}
      >
        <Stack>
          <Text>{t('allocation.archive.body')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setArchiving(false)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" loading={busy} onClick={() => act('archive')}>
              {t('allocation.archive.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
