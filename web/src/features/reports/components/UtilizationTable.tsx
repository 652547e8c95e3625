import { Table, Text } from '@mantine/core';
import { QueryState } from '../../../components/QueryState';
import { useDepartments } from '../../../lib/api/lookups';
import { formatDay, formatNumber, localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { useUtilization } from '../api';

/** Actual against planned hours per department and overall (the service answers it as data only). */
export function UtilizationTable({
  query,
}: {
  query: { from?: string; to?: string; departmentId?: string };
}) {
  const t = useT();
  const lang = useLanguage();
  const report = useUtilization(query);
  const departments = useDepartments();
  const hours = (value: number) => formatNumber(lang, value, { maximumFractionDigits: 1 });
  const ratio = (value: number | null) =>
    value === null ? '—' : formatNumber(lang, value, { style: 'percent', maximumFractionDigits: 1 });
  const data = report.data;
  return (
    <QueryState query={report}>
      {data && (
        <div data-testid="utilization">
          <Text mt="md" mb="xs" fw={500}>
            {t('reports.utilization.range', {
              from: formatDay(lang, data.from),
              to: formatDay(lang, data.to),
            })}
          </Text>
          <Table.ScrollContainer minWidth={480}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('reports.department')}</Table.Th>
                  <Table.Th style={{ textAlign: 'end' }}>{t('reports.utilization.planned')}</Table.Th>
                  <Table.Th style={{ textAlign: 'end' }}>{t('reports.utilization.actual')}</Table.Th>
                  <Table.Th style={{ textAlign: 'end' }}>{t('reports.utilization.ratio')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.departments.map((row) => {
                  const node = row.departmentId ? departments.data?.get(row.departmentId) : undefined;
                  return (
                    <Table.Tr key={row.departmentId ?? 'none'}>
                      <Table.Td>
                        {node ? localName(lang, node) : t('reports.utilization.noDepartment')}
                      </Table.Td>
                      <Table.Td style={{ textAlign: 'end' }}>{hours(row.plannedHours)}</Table.Td>
                      <Table.Td style={{ textAlign: 'end' }}>{hours(row.actualHours)}</Table.Td>
                      <Table.Td style={{ textAlign: 'end' }}>{ratio(row.utilization)}</Table.Td>
                    </Table.Tr>
                  );
                })}
                <Table.Tr fw={700}>
                  <Table.Td>{t('reports.utilization.overall')}</Table.Td>
                  <Table.Td style={{ textAlign: 'end' }}>{hours(data.overall.plannedHours)}</Table.Td>
                  <Table.Td style={{ textAlign: 'end' }}>{hours(data.overall.actualHours)}</Table.Td>
                  <Table.Td style={{ textAlign: 'end' }}>{ratio(data.overall.utilization)}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </div>
      )}
    </QueryState>
  );
}
