import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { ReasonCounts } from '../../../components/RuleReasons';
import { useCodeNames } from '../../../lib/api/lookups';
import { formatNumber } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import type { AllocationRunResult } from '../api';
import { lineLabel } from './LineLabel';

/** The lines the run left short, how many heads each misses, and the rules that kept people off. */
export function UnfilledLines({
  result,
  onCandidates,
}: {
  result: AllocationRunResult;
  onCandidates: (line: { id: string; label: string }) => void;
}) {
  const t = useT();
  const lang = useLanguage();
  const names = useCodeNames();
  if (!result.unfilled.length) return <Text c="dimmed">{t('allocation.unfilled.none')}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped data-testid="unfilled">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('allocation.unfilled.line')}</Table.Th>
            <Table.Th>{t('allocation.unfilled.missing')}</Table.Th>
            <Table.Th>{t('allocation.unfilled.reasons')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('allocation.unfilled.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.unfilled.map(({ line, missing, reasons }) => {
            const label = lineLabel(lang, line, names);
            return (
              <Table.Tr key={line.id} data-testid="unfilled-line" data-line={line.id}>
                <Table.Td>{label}</Table.Td>
                <Table.Td>
                  {t('allocation.unfilled.missingOf', {
                    missing: formatNumber(lang, missing),
                    required: formatNumber(lang, line.required),
                  })}
                </Table.Td>
                <Table.Td>
                  <ReasonCounts reasons={reasons} />
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => onCandidates({ id: line.id, label })}
                    aria-label={t('allocation.unfilled.candidatesOf', { line: label })}
                  >
                    {t('allocation.unfilled.candidates')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
