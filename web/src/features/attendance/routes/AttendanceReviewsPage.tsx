import { Table, Text } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { formatDay, localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { usePendingAttendanceReviews } from '../api';

/** The edits awaiting review, read only here (acknowledge and revert come with the attendance screens). */
export default function AttendanceReviewsPage() {
  const t = useT();
  const lang = useLanguage();
  const reviews = usePendingAttendanceReviews();
  const items = reviews.data?.items ?? [];
  const times = (v: { Time_In: string | null; Time_Out: string | null; statusCode: string }) =>
    `${v.Time_In ?? '—'}–${v.Time_Out ?? '—'} ${v.statusCode}`;
  return (
    <>
      <PageHeader title={t('reviews.title')} description={t('reviews.description')} />
      <QueryState query={reviews}>
        {items.length === 0 ? (
          <Text c="dimmed" data-testid="queue-empty">
            {t('reviews.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('reviews.employee')}</Table.Th>
                  <Table.Th>{t('attendance.date')}</Table.Th>
                  <Table.Th>{t('reviews.before')}</Table.Th>
                  <Table.Th>{t('reviews.after')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((review) => (
                  <Table.Tr key={review.id}>
                    <Table.Td>{localName(lang, review.record.employee)}</Table.Td>
                    <Table.Td>{formatDay(lang, review.record.date)}</Table.Td>
                    <Table.Td>
                      <bdi dir="ltr">{times(review.before)}</bdi>
                    </Table.Td>
                    <Table.Td>
                      <bdi dir="ltr">{times(review.after)}</bdi>
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
