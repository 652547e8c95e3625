import { Badge, Table, Text } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { formatDay, formatNumber, localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { useOpenExceptions } from '../api';

/** Open exceptions, read only here (validation comes with the reconciliation screens). */
export default function ExceptionsPage() {
  const t = useT();
  const lang = useLanguage();
  const exceptions = useOpenExceptions();
  const items = exceptions.data?.items ?? [];
  return (
    <>
      <PageHeader title={t('exceptions.title')} description={t('exceptions.description')} />
      <QueryState query={exceptions}>
        {items.length === 0 ? (
          <Text c="dimmed" data-testid="queue-empty">
            {t('exceptions.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('attendance.date')}</Table.Th>
                  <Table.Th>{t('reviews.employee')}</Table.Th>
                  <Table.Th>{t('exceptions.kind')}</Table.Th>
                  <Table.Th>{t('exceptions.minutes')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((exception) => (
                  <Table.Tr key={exception.id}>
                    <Table.Td>{formatDay(lang, exception.date)}</Table.Td>
                    <Table.Td>{localName(lang, exception.employee)}</Table.Td>
                    <Table.Td>
                      <Badge color="orange">{t(`exceptions.kind.${exception.kind}`)}</Badge>
                    </Table.Td>
                    <Table.Td>
                      {exception.minutes === null ? '—' : formatNumber(lang, exception.minutes)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
    </>
  );
}
