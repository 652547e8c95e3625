import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Schemas } from '../lib/api/client';
import { formatNumber, localName } from '../lib/i18n/format';
import { useLanguage, useT } from '../lib/i18n/I18nProvider';
import { QueryState } from './QueryState';

/** What the engine ranks a candidate by, for a run's line or a gap of the live roster alike. */
export type RankedCandidate = Pick<
  Schemas['CoverCandidate'],
  'rank' | 'employee' | 'lent' | 'load' | 'history'
>;

/**
 * Who could staff a line, best first, with the parts of their score (lent, load, history); the last
 * column is the caller's (a preference, an action), as is a mark beside the name.
 */
export function CandidatesTable<C extends RankedCandidate>({
  query,
  empty,
  testId,
  rowTestId,
  mark,
  last,
}: {
  query: { isPending: boolean; error: unknown; data?: { items: C[] } };
  empty: string;
  testId: string;
  rowTestId: string;
  mark?: (candidate: C) => ReactNode;
  last: { header: string; cell: (candidate: C, who: string) => ReactNode };
}) {
  const t = useT();
  const lang = useLanguage();
  const n = (value: number) => formatNumber(lang, value, { maximumFractionDigits: 2 });
  return (
    <QueryState query={query}>
      {query.data?.items.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped data-testid={testId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('common.candidates.rank')}</Table.Th>
                <Table.Th>{t('common.employee')}</Table.Th>
                <Table.Th>{t('common.candidates.lent')}</Table.Th>
                <Table.Th>{t('common.candidates.load')}</Table.Th>
                <Table.Th>{t('common.candidates.history')}</Table.Th>
                <Table.Th>{last.header}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data?.items.map((candidate) => {
                const who = `${candidate.employee.employeeNumber} ${localName(lang, candidate.employee)}`;
                return (
                  <Table.Tr key={candidate.employee.id} data-testid={rowTestId}>
                    <Table.Td>{formatNumber(lang, candidate.rank)}</Table.Td>
                    <Table.Td>
                      {who} {mark?.(candidate)}
                    </Table.Td>
                    <Table.Td>{candidate.lent ? t('common.yes') : t('common.no')}</Table.Td>
                    <Table.Td>{n(candidate.load)}</Table.Td>
                    <Table.Td>{n(candidate.history)}</Table.Td>
                    <Table.Td>{last.cell(candidate, who)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </QueryState>
  );
}
