import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { problemText, QueryState } from '../../../components/QueryState';
import { ApiError } from '../../../lib/api/client';
import { usePermissions } from '../../../lib/auth/permissions';
import { formatDay, formatInstant, localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { paths } from '../../../lib/paths';
import { useUnit } from '../../../lib/unit';
import {
  type AttendanceRecord,
  useAttendanceRecord,
  useAttendanceStatuses,
  useAttendanceTrail,
  useEditAttendanceRecord,
} from '../api';
import { type EditDraft, editBody } from '../components/editForm';
import { ValuesText } from '../components/ValuesText';

/** One record: its values, the admin edit (sent with the version read) and its trail of changes. */
export default function AttendanceRecordPage() {
  const t = useT();
  const lang = useLanguage();
  const { id = '' } = useParams();
  const { has } = usePermissions();
  const record = useAttendanceRecord(id);
  const data = record.data;
  return (
    <>
      <PageHeader
        title={
          data
            ? t('attendanceAdmin.record.title', {
                name: localName(lang, data.employee),
                date: formatDay(lang, data.date),
              })
            : t('attendanceAdmin.record.loading')
        }
        actions={
          <Anchor component={Link} to={paths.attendanceRecords}>
            {t('attendanceAdmin.record.back')}
          </Anchor>
        }
      />
      <QueryState query={record}>
        {data && (
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <Card withBorder>
                <Title order={2} size="h4" mb="xs">
                  {t('attendanceAdmin.record.current')}
                </Title>
                <Text size="sm">
                  {localName(lang, data.employee)} <bdi dir="ltr">({data.employee.employeeNumber})</bdi>
                </Text>
                <ValuesText values={data} />
                <Group gap="xs" mt="xs">
                  <Badge variant="light">{t(`attendanceAdmin.source.${data.source}`)}</Badge>
                  <Text size="xs" c="dimmed" data-testid="record-version">
                    {t('attendanceAdmin.record.version', { version: data.version })}
                  </Text>
                  {data.pendingReviewId && <Badge color="orange">{t('common.attendance.underReview')}</Badge>}
                </Group>
              </Card>
              {has('attendance.edit') && <EditForm key={data.id} record={data} />}
            </SimpleGrid>
            <Trail id={id} />
          </Stack>
        )}
      </QueryState>
    </>
  );
}

function EditForm({ record }: { record: AttendanceRecord }) {
  const t = useT();
  const lang = useLanguage();
  const statuses = useAttendanceStatuses();
  const edit = useEditAttendanceRecord();
  const [draft, setDraft] = useState<EditDraft>({
    Time_In: record.Time_In ?? '',
    Time_Out: record.Time_Out ?? '',
    statusCode: record.statusCode,
    reason: '',
  });
  // The edit is of the version the person saw when they began typing: a change by someone else that
  // arrives meanwhile (the unit's change stream reads the record again) must meet If-Match, not be
  // overwritten. Untouched, the form follows the latest version; after a refusal, the one now shown.
  const [touched, setTouched] = useState(false);
  const [basis, setBasis] = useState(record.version);
  useEffect(() => {
    if (!touched) setBasis(record.version);
  }, [record.version, touched]);
  const set = (key: keyof EditDraft) => (value: string) => {
    setTouched(true);
    setDraft((current) => ({ ...current, [key]: value }));
  };
  const stale = edit.error instanceof ApiError && edit.error.status === 412;
  return (
    <Card
      withBorder
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        edit.mutate(
          { record: { ...record, version: basis }, body: editBody(draft) },
          { onSettled: () => setTouched(false) },
        );
      }}
    >
      <Title order={2} size="h4" mb="xs">
        {t('attendanceAdmin.edit.title')}
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        {t('attendanceAdmin.edit.hint')}
      </Text>
      <Group grow align="flex-start">
        <TextInput
          label={t('common.attendance.in')}
          placeholder="HH:mm"
          dir="ltr"
          value={draft.Time_In}
          onChange={(event) => set('Time_In')(event.currentTarget.value)}
        />
        <TextInput
          label={t('common.attendance.out')}
          placeholder="HH:mm"
          dir="ltr"
          value={draft.Time_Out}
          onChange={(event) => set('Time_Out')(event.currentTarget.value)}
        />
      </Group>
      <Select
        mt="xs"
        label={t('common.attendance.status')}
        data={(statuses.data ?? []).map((status) => ({
          value: status.code,
          label: localName(lang, status),
        }))}
        value={draft.statusCode}
        onChange={(value) => value && set('statusCode')(value)}
        allowDeselect={false}
      />
      <Textarea
        mt="xs"
        label={t('attendanceAdmin.edit.reason')}
        autosize
        minRows={1}
        maxLength={1000}
        value={draft.reason}
        onChange={(event) => set('reason')(event.currentTarget.value)}
      />
      {edit.error && (
        <Alert color={stale ? 'orange' : 'red'} mt="sm" role="alert" data-testid="edit-error">
          {stale
            ? t('attendanceAdmin.edit.stale')
            : edit.error instanceof ApiError
              ? problemText(t, edit.error)
              : t('error.network')}
        </Alert>
      )}
      {edit.isSuccess && (
        <Alert color="green" mt="sm" role="status">
          {t('attendanceAdmin.edit.saved')}
        </Alert>
      )}
      <Group mt="sm">
        <Button type="submit" loading={edit.isPending}>
          {t('attendanceAdmin.edit.save')}
        </Button>
      </Group>
    </Card>
  );
}

function Trail({ id }: { id: string }) {
  const t = useT();
  const lang = useLanguage();
  const unit = useUnit();
  const trail = useAttendanceTrail(id);
  const items = trail.data?.items ?? [];
  return (
    <section aria-labelledby="trail-title">
      <Title order={2} size="h4" mb="xs" id="trail-title">
        {t('attendanceAdmin.trail.title')}
      </Title>
      <QueryState query={trail}>
        {items.length === 0 ? (
          <Text c="dimmed">{t('attendanceAdmin.trail.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped data-testid="trail-table" style={{ whiteSpace: 'nowrap' }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('attendanceAdmin.trail.at')}</Table.Th>
                  <Table.Th>{t('attendanceAdmin.trail.action')}</Table.Th>
                  <Table.Th>{t('attendanceAdmin.trail.by')}</Table.Th>
                  <Table.Th>{t('reviews.before')}</Table.Th>
                  <Table.Th>{t('reviews.after')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((change) => (
                  <Table.Tr key={change.id} data-testid="trail-row" data-action={change.action}>
                    <Table.Td>{formatInstant(lang, change.at, unit.timeZone)}</Table.Td>
                    <Table.Td>{t(`attendanceAdmin.trail.action.${change.action}`)}</Table.Td>
                    <Table.Td>
                      <bdi>{change.by.username ?? t('attendanceAdmin.trail.system')}</bdi>
                    </Table.Td>
                    <Table.Td>{change.before ? <ValuesText values={change.before} /> : '—'}</Table.Td>
                    <Table.Td>
                      <ValuesText values={change.after} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
    </section>
  );
}
