import { Badge, Modal, Table, Text, Title } from '@mantine/core';
import { QueryState } from '../../../components/QueryState';
import { useReasonName } from '../../../components/RuleReasons';
import { usePermissions } from '../../../lib/auth/permissions';
import { formatNumber, localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { useIneligible, useLineCandidates } from '../api';

/**
 * A line's candidates, best first, with the parts of their score (lent, load, history, preference); for a
 * holder of `allocation_run.debug` (SYS_ADMIN), also who could not staff it and by which rules.
 */
export function CandidatesModal({
  runId,
  executions,
  line,
  onClose,
}: {
  runId: string;
  executions: number;
  line: { id: string; label: string } | null;
  onClose: () => void;
}) {
  const t = useT();
  const lang = useLanguage();
  const { has } = usePermissions();
  const debug = has('allocation_run.debug');
  const candidates = useLineCandidates(runId, line?.id ?? null, executions);
  const ineligible = useIneligible(runId, line?.id ?? null, executions, debug);
  const reason = useReasonName();
  const n = (value: number) => formatNumber(lang, value, { maximumFractionDigits: 2 });
  return (
    <Modal
      lockScroll={false}
      closeButtonProps={{ 'aria-label': t('allocation.close') }}
      opened={line !== null}
      onClose={onClose}
      title={t('allocation.candidates.title', { line: line?.label ?? '' })}
      size="xl"
    >
      <QueryState query={candidates}>
        {candidates.data?.items.length === 0 ? (
          <Text c="dimmed">{t('allocation.candidates.none')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped data-testid="candidates">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('allocation.candidates.rank')}</Table.Th>
                  <Table.Th>{t('allocation.candidates.employee')}</Table.Th>
                  <Table.Th>{t('allocation.candidates.lent')}</Table.Th>
                  <Table.Th>{t('allocation.candidates.load')}</Table.Th>
                  <Table.Th>{t('allocation.candidates.history')}</Table.Th>
                  <Table.Th>{t('allocation.candidates.preference')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {candidates.data?.items.map((candidate) => (
                  <Table.Tr key={candidate.employee.id} data-testid="candidate">
                    <Table.Td>{formatNumber(lang, candidate.rank)}</Table.Td>
                    <Table.Td>
                      {candidate.employee.employeeNumber} {localName(lang, candidate.employee)}{' '}
                      {candidate.assigned && (
                        <Badge size="xs" color="green" variant="light">
                          {t('allocation.candidates.assigned')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {candidate.lent ? t('allocation.candidates.yes') : t('allocation.candidates.no')}
                    </Table.Td>
                    <Table.Td>{n(candidate.load)}</Table.Td>
                    <Table.Td>{n(candidate.history)}</Table.Td>
                    <Table.Td>
                      {t(
                        `allocation.candidates.preference.${candidate.preference < 0 ? 'work' : candidate.preference > 0 ? 'off' : 'none'}`,
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
      {debug && (
        <>
          <Title order={3} size="h5" mt="md" mb="xs">
            {t('allocation.ineligible.title')}
          </Title>
          <QueryState query={ineligible}>
            <Table data-testid="ineligible">
              <Table.Tbody>
                {ineligible.data?.items.map((item) => (
                  <Table.Tr key={item.employee.id}>
                    <Table.Td>
                      {item.employee.employeeNumber} {localName(lang, item.employee)}
                    </Table.Td>
                    <Table.Td>{item.reasons.map(reason).join(' · ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </QueryState>
        </>
      )}
    </Modal>
  );
}
