import { Anchor, Badge, Button, Group, Select, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { AttendanceStatus } from '../../../components/AttendanceStatus';
import { PageHeader } from '../../../components/PageHeader';
import { Pager } from '../../../components/Pager';
import { QueryState } from '../../../components/QueryState';
import { type Range, RangeFilters, rangeQuery } from '../../../components/RangeFilters';
import { usePermissions } from '../../../lib/auth/permissions';
import { addDays, today } from '../../../lib/dates';
import { formatDay, localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { paths } from '../../../lib/paths';
import { useUnit } from '../../../lib/unit';
import { RECORDS_PAGE_SIZE, useAttendanceRecords, useAttendanceStatuses } from '../api';

/**
 * Attendance records, newest first: the whole unit's for a holder of `attendance.view.all`, else those
 * of the caller's departments; a record opens with its trail where the caller may read it.
 */
export default function AttendanceRecordsPage() {
  const t = useT();
  const lang = useLanguage();
  const unit = useUnit();
  const { has } = usePermissions();
  const all = has('attendance.view.all');
  const yesterday = addDays(today(unit.timeZone), -1);
  const [range, setRange] = useState<Range>({
    from: addDays(yesterday, -13),
    to: yesterday,
    departmentId: null,
  });
  const [statusCode, setStatusCode] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const statuses = useAttendanceStatuses();
  const records = useAttendanceRecords(
    { ...rangeQuery(range), ...(statusCode ? { statusCode } : {}) },
    page,
    all,
  );
  const items = records.data?.items ?? [];
  return (
    <>
      <PageHeader
        title={t('attendanceAdmin.records.title')}
        description={t(
          all ? 'attendanceAdmin.records.descriptionAll' : 'attendanceAdmin.records.descriptionScoped',
        )}
        actions={
          has('attendance.import') && (
            <Button component={Link} to={paths.attendanceImport} variant="light">
              {t('attendanceAdmin.import.title')}
            </Button>
          )
        }
      />
      <RangeFilters
        value={range}
        onChange={(next) => {
          setRange(next);
          setPage(1);
        }}
      >
        <Select
          label={t('common.attendance.status')}
          placeholder={t('common.filter.allStatuses')}
          data={(statuses.data ?? []).map((status) => ({
            value: status.code,
            label: localName(lang, status),
          }))}
          value={statusCode}
          onChange={(value) => {
            setStatusCode(value);
            setPage(1);
          }}
          clearable
          clearButtonProps={{ 'aria-label': t('common.filter.clear') }}
          w={180}
        />
      </RangeFilters>
      <QueryState query={records}>
        <Text size="sm" c="dimmed" mb="xs" aria-live="polite">
          {t('attendanceAdmin.records.count', { count: records.data?.total ?? 0 })}
        </Text>
        {items.length === 0 ? (
          <Text c="dimmed">{t('attendanceAdmin.records.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped data-testid="records-table" style={{ whiteSpace: 'nowrap' }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('common.attendance.date')}</Table.Th>
                  <Table.Th>{t('common.employee')}</Table.Th>
                  <Table.Th>{t('common.attendance.in')}</Table.Th>
                  <Table.Th>{t('common.attendance.out')}</Table.Th>
                  <Table.Th>{t('common.attendance.status')}</Table.Th>
                  <Table.Th>{t('attendanceAdmin.records.source')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((record) => {
                  const day = formatDay(lang, record.date, {
                    weekday: 'short',
                    day: 'numeric',
                    month: 'short',
                  });
                  return (
                    <Table.Tr
                      key={record.id}
                      data-testid="record-row"
                      data-employee={record.employee.employeeNumber}
                    >
                      <Table.Td>
                        {all ? (
                          <Anchor
                            component={Link}
                            to={paths.attendanceRecord(record.id)}
                            aria-label={t('attendanceAdmin.records.open', {
                              name: localName(lang, record.employee),
                              date: day,
                            })}
                          >
                            {day}
                          </Anchor>
                        ) : (
                          day
                        )}
                      </Table.Td>
                      <Table.Td>
                        {localName(lang, record.employee)}{' '}
                        <bdi dir="ltr">({record.employee.employeeNumber})</bdi>
                      </Table.Td>
                      <Table.Td>
                        <bdi dir="ltr">{record.Time_In ?? '—'}</bdi>
                      </Table.Td>
                      <Table.Td>
                        <bdi dir="ltr">{record.Time_Out ?? '—'}</bdi>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          <Badge color="gray" variant="light" styles={{ label: { overflow: 'visible' } }}>
                            <AttendanceStatus code={record.statusCode} />
                          </Badge>
                          {record.pendingReviewId && (
                            <Badge color="orange" styles={{ label: { overflow: 'visible' } }}>
                              {t('common.attendance.underReview')}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>{t(`attendanceAdmin.source.${record.source}`)}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Pager page={page} onChange={setPage} pageSize={RECORDS_PAGE_SIZE} total={records.data?.total ?? 0} />
      </QueryState>
    </>
  );
}
