import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  Modal,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { needsConfirmation, PublicationComplianceList } from '../../../components/PublicationComplianceList';
import { QueryState } from '../../../components/QueryState';
import { useRefusalText } from '../../../components/RuleReasons';
import { useCodeNames } from '../../../lib/api/lookups';
import { usePermissions } from '../../../lib/auth/permissions';
import { formatDay, formatInstant, formatNumber, isolated } from '../../../lib/i18n/format';
import { type MessageId, useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { useUnit } from '../../../lib/unit';
import {
  type AllocationRun,
  type PublishedRoster,
  type RosterChanges,
  type Scope,
  useLockedRuns,
  usePublicationCompliance,
  usePublicationPreview,
  usePublish,
  usePublishedVersions,
} from '../api';

const approvalColor: Record<string, string> = {
  Pending: 'yellow',
  Approved: 'green',
  Rejected: 'red',
  Superseded: 'gray',
};

/** Per locked run of the period: its published versions with their approval, and publish or republish. */
export function PublishPanel({ scope }: { scope: Scope }) {
  const t = useT();
  const runs = useLockedRuns(scope);
  const versions = usePublishedVersions(scope);
  const [publishing, setPublishing] = useState<{
    run: AllocationRun;
    standing: PublishedRoster | null;
  } | null>(null);
  return (
    <QueryState query={runs}>
      {runs.data?.items.length === 0 ? (
        <Text c="dimmed">{t('rosters.publish.noRuns')}</Text>
      ) : (
        <Stack>
          {runs.data?.items.map((run) => {
            const mine = (versions.data?.items ?? [])
              .filter((version) => version.runId === run.id)
              .sort((a, b) => b.version - a.version);
            const standing = mine.find((version) => version.current) ?? null;
            return (
              <RunVersions
                key={run.id}
                run={run}
                versions={mine}
                onPublish={() =>
                  setPublishing({ run, standing: mine.length ? (standing ?? mine[0]!) : null })
                }
              />
            );
          })}
        </Stack>
      )}
      <PublishModal target={publishing} onClose={() => setPublishing(null)} />
    </QueryState>
  );
}

function RunVersions({
  run,
  versions,
  onPublish,
}: {
  run: AllocationRun;
  versions: PublishedRoster[];
  onPublish: () => void;
}) {
  const t = useT();
  const lang = useLanguage();
  const unit = useUnit();
  const { has } = usePermissions();
  return (
    <Card withBorder data-testid="publish-run" data-run={run.id}>
      <Group justify="space-between" mb="xs">
        <div>
          <Text fw={600}>{run.plan.name}</Text>
          <Text size="sm" c="dimmed">
            {t('common.period', { from: formatDay(lang, run.from), to: formatDay(lang, run.to) })}
          </Text>
        </div>
        {has('roster.publish') && (
          <Button onClick={onPublish} data-testid="publish-button">
            {versions.length ? t('rosters.publish.republish') : t('rosters.publish.publish')}
          </Button>
        )}
      </Group>
      {versions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('rosters.publish.never')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table data-testid="versions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('rosters.versions.version')}</Table.Th>
                <Table.Th>{t('rosters.versions.published')}</Table.Th>
                <Table.Th>{t('rosters.versions.lines')}</Table.Th>
                <Table.Th>{t('rosters.versions.approval')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {versions.map((version) => (
                <Table.Tr key={version.id} data-testid="version" data-version={version.version}>
                  <Table.Td>
                    {t('rosters.versions.number', { version: version.version })}{' '}
                    {version.current && (
                      <Badge size="xs" variant="light">
                        {t('rosters.versions.current')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{formatInstant(lang, version.publishedAt, unit.timeZone)}</Table.Td>
                  <Table.Td>{formatNumber(lang, version.lineCount)}</Table.Td>
                  <Table.Td>
                    <Badge color={approvalColor[version.approval.status] ?? 'gray'} variant="light" tt="none">
                      {t(`rosters.approval.${version.approval.status}` as MessageId)}
                    </Badge>
                    {version.reason && (
                      <Text size="xs" c="dimmed">
                        {version.reason}
                      </Text>
                    )}
                    {version.approval.comment && (
                      <Text size="xs" data-testid="version-decision-comment">
                        {t('rosters.versions.comment', { comment: isolated(version.approval.comment) })}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

const SHOWN = 50;

/** The change list against the standing version, shown before the planner confirms. */
function PublishModal({
  target,
  onClose,
}: {
  target: { run: AllocationRun; standing: PublishedRoster | null } | null;
  onClose: () => void;
}) {
  const t = useT();
  const preview = usePublicationPreview(target?.run.id ?? null);
  const compliance = usePublicationCompliance(target?.run.id ?? null);
  const publish = usePublish();
  const refusal = useRefusalText();
  const [reason, setReason] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const unconfirmed = compliance.data !== undefined && needsConfirmation(compliance.data) && !confirmed;
  const republish = target?.standing != null;
  const changes = preview.data?.changes ?? null;
  const close = () => {
    publish.reset();
    setReason('');
    setConfirmed(false);
    onClose();
  };
  return (
    <Modal
      lockScroll={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={target !== null}
      onClose={close}
      size="lg"
      title={republish ? t('rosters.publish.republishTitle') : t('rosters.publish.publishTitle')}
    >
      <QueryState query={preview}>
        {changes && target && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              publish.mutate(
                { runId: target.run.id, reason: republish ? reason : null },
                { onSuccess: close },
              );
            }}
          >
            <Stack>
              <Text data-testid="change-summary">
                {t('rosters.changes.summary', {
                  added: changes.added.length,
                  removed: changes.removed.length,
                  moved: changes.moved.length,
                })}
              </Text>
              <ChangeLines changes={changes} />
              <QueryState query={compliance}>
                {compliance.data && (
                  <PublicationComplianceList
                    compliance={compliance.data}
                    title={t('rosters.compliance.title')}
                    confirmation={{
                      label: t('rosters.compliance.confirm'),
                      confirmed,
                      onConfirm: setConfirmed,
                    }}
                  />
                )}
              </QueryState>
              {republish && (
                <Textarea
                  label={t('rosters.publish.reason')}
                  value={reason}
                  onChange={(event) => setReason(event.currentTarget.value)}
                  required
                  maxLength={1000}
                />
              )}
              {publish.error && (
                <Alert color="red" role="alert">
                  {refusal(publish.error)}
                </Alert>
              )}
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  {t('common.cancel')}
                </Button>
                <Button
                  type="submit"
                  loading={publish.isPending}
                  disabled={
                    !compliance.data ||
                    unconfirmed ||
                    (republish && (!reason.trim() || changeCount(changes) === 0))
                  }
                  data-testid="publish-confirm"
                >
                  {republish ? t('rosters.publish.confirmRepublish') : t('rosters.publish.confirmPublish')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </QueryState>
    </Modal>
  );
}

const changeCount = (changes: RosterChanges) =>
  changes.added.length + changes.removed.length + changes.moved.length;

function ChangeLines({ changes }: { changes: RosterChanges }) {
  const t = useT();
  const lang = useLanguage();
  const names = useCodeNames();
  const all = [
    ...changes.added.map((c) => ({ kind: 'added' as const, c })),
    ...changes.removed.map((c) => ({ kind: 'removed' as const, c })),
    ...changes.moved.map((c) => ({ kind: 'moved' as const, c })),
  ];
  if (!all.length) return <Text c="dimmed">{t('rosters.changes.none')}</Text>;
  const slot = (s: { shiftCode: string; terminalCode: string } | null) =>
    s ? `${names.shift(s.shiftCode)} · ${names.terminal(s.terminalCode)}` : '—';
  return (
    <>
      <Title order={3} size="h6">
        {t('rosters.changes.title')}
      </Title>
      <List size="sm" data-testid="change-list" spacing={2}>
        {all.slice(0, SHOWN).map(({ kind, c }) => (
          <List.Item key={`${kind}-${c.employeeId}-${c.date}`} data-kind={kind}>
            {t(`rosters.changes.${kind}`, {
              who: isolated(c.employeeNumber),
              day: formatDay(lang, c.date),
              before: slot(c.before),
              after: slot(c.after),
            })}
          </List.Item>
        ))}
      </List>
      {all.length > SHOWN && (
        <Text size="sm">{t('rosters.changes.more', { count: all.length - SHOWN })}</Text>
      )}
    </>
  );
}
