import { Badge, Modal, Table, Title } from '@mantine/core';
import { CandidatesTable } from '../../../components/CandidatesTable';
import { QueryState } from '../../../components/QueryState';
import { useReasonName } from '../../../components/RuleReasons';
import { usePermissions } from '../../../lib/auth/permissions';
import { localName } from '../../../lib/i18n/format';
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
  return (
    <Modal
      lockScroll={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={line !== null}
      onClose={onClose}
      title={t('allocation.candidates.title', { line: line?.label ?? '' })}
      size="xl"
    >
      <CandidatesTable
        query={candidates}
        empty={t('allocation.candidates.none')}
        testId="candidates"
        rowTestId="candidate"
        mark={(candidate) =>
          candidate.assigned && (
            <Badge size="xs" color="green" variant="light">
              {t('allocation.candidates.assigned')}
            </Badge>
          )
        }
        last={{
          header: t('allocation.candidates.preference'),
          cell: (candidate) =>
            t(
              `allocation.candidates.preference.${candidate.preference < 0 ? 'work' : candidate.preference > 0 ? 'off' : 'none'}`,
            ),
        }}
      />
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
                    <Table.Td>
                      {item.reasons.map((code) => reason(code, item.certification)).join(' · ')}
                    </Table.Td>
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
