import { Badge, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { AttendanceStatus } from '../../../components/AttendanceStatus';
import { PageHeader } from '../../../components/PageHeader';
import { Pager } from '../../../components/Pager';
import { QueryState } from '../../../components/QueryState';
import { addDays, today as todayIn } from '../../../lib/dates';
import { formatDay } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { useUnit } from '../../../lib/unit';
import { useOwnAttendance } from '../api';

/** The last 60 days of one's attendance, newest first. */
export default function MyAttendancePage() {
  const t = useT();
  const lang = useLanguage();
  const unit = useUnit();
  const [page, setPage] = useState(1);
  const to = todayIn(unit.timeZone);
  const from = addDays(to, -60);
  const attendance = useOwnAttendance(from, to, page);
  const items = attendance.data?.items ?? [];
  return (
    <>
      <PageHeader title={t('attendance.mine.title')} description={t('attendance.mine.description')} />
      <QueryState query={attendance}>
        {items.length === 0 ? (
          <Text c="dimmed">{t('attendance.mine.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('common.attendance.date')}</Table.Th>
                  <Table.Th>{t('common.attendance.in')}</Table.Th>
                  <Table.Th>{t('common.attendance.out')}</Table.Th>
                  <Table.Th>{t('common.attendance.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((record) => (
                  <Table.Tr key={record.id}>
                    <Table.Td>
                      {formatDay(lang, record.date, { weekday: 'short', day: 'numeric', month: 'short' })}
                    </Table.Td>
                    <Table.Td>
                      <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                        {record.Time_In ?? '—'}
                      </bdi>
                    </Table.Td>
                    <Table.Td>
                      <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                        {record.Time_Out ?? '—'}
                      </bdi>
                    </Table.Td>
                    <Table.Td>
                      <Badge color="gray" styles={{ label: { overflow: 'visible' } }}>
                        <AttendanceStatus code={record.statusCode} />
                      </Badge>
                      {record.pendingReviewId && (
                        <Badge color="orange" ms={4}>
                          {t('common.attendance.underReview')}
                        </Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Pager page={page} onChange={setPage} pageSize={50} total={attendance.data?.total ?? 0} />
      </QueryState>
    </>
  );
}
