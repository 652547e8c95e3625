import {
  Autocomplete,
  Button,
  Card,
  Code,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { DayInput } from '../../../components/DayInput';
import { PageHeader } from '../../../components/PageHeader';
import { Pager } from '../../../components/Pager';
import { QueryState } from '../../../components/QueryState';
import { formatInstant } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { useUnit } from '../../../lib/unit';
import { AUDIT_PAGE_SIZE, type AuditQuery, useAuditEvents } from '../api/audit';
import { useUsers } from '../api/users';
import { dayRangeInstants } from '../components/dayRange';

/** Actions a person most often looks for; any other action can be typed. */
const COMMON_ACTIONS = [
  'auth.login',
  'auth.login_failed',
  'auth.lockout',
  'auth.password_changed',
  'user.create',
  'user.update',
  'user.lock',
  'user.unlock',
  'user.password_reset',
  'user.role_granted',
  'user.role_revoked',
  'role.create',
  'role.update',
  'settings.update',
  'lookup.create',
  'lookup.update',
  'lookup.delete',
  'leave.submit',
  'attendance.edit',
  'reconciliation.validate',
];

/** Names and codes read whole: the page's `overflow-wrap: anywhere` would break them mid-word. */
const NO_WRAP = { whiteSpace: 'nowrap', overflowWrap: 'normal' } as const;

interface Filters {
  action: string;
  entityType: string;
  entityId: string;
  actorUserId: string | null;
  from: string;
  to: string;
}

const NO_FILTERS: Filters = { action: '', entityType: '', entityId: '', actorUserId: null, from: '', to: '' };

/** The unit's audit log, newest first: filter by action, who, what and when; page through. */
export default function AuditPage() {
  const t = useT();
  const lang = useLanguage();
  const unit = useUnit();
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [query, setQuery] = useState<AuditQuery>({ page: 1 });
  const events = useAuditEvents(query);
  // Who: searched on the service by what is typed (a unit may have more users than one page).
  const [actorSearch, setActorSearch] = useState('');
  const [actorQuery] = useDebouncedValue(actorSearch.trim(), 250);
  const [actorChosen, setActorChosen] = useState<{ value: string; label: string } | null>(null);
  const actors = useUsers(actorQuery === actorChosen?.label ? '' : actorQuery, 1);
  const actorOptions = [
    ...(actorChosen ? [actorChosen] : []),
    ...(actors.data?.items ?? [])
      .filter((user) => user.id !== actorChosen?.value)
      .map((user) => ({ value: user.id, label: `${user.displayName} (${user.username})` })),
  ];
  const set = (key: keyof Filters) => (value: string | null) =>
    setDraft((d) => ({ ...d, [key]: value ?? '' }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setQuery({
      page: 1,
      ...(draft.action.trim() ? { action: draft.action.trim() } : {}),
      ...(draft.entityType.trim() ? { entityType: draft.entityType.trim() } : {}),
      ...(draft.entityId.trim() ? { entityId: draft.entityId.trim() } : {}),
      ...(draft.actorUserId ? { actorUserId: draft.actorUserId } : {}),
      ...dayRangeInstants(draft.from || null, draft.to || null, unit.timeZone),
    });
  };
  const items = events.data?.items ?? [];
  // On a phone each event is a card: a table of five columns would need scrolling both ways.
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <>
      <PageHeader title={t('admin.audit.title')} description={t('admin.audit.description')} />
      <form onSubmit={apply} data-testid="audit-filters">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mb="sm">
          <Autocomplete
            label={t('admin.audit.action')}
            data={COMMON_ACTIONS}
            dir="ltr"
            value={draft.action}
            onChange={set('action')}
            data-testid="audit-action"
          />
          <Select
            label={t('admin.audit.actor')}
            placeholder={t('admin.audit.anyone')}
            clearable
            searchable
            filter={({ options }) => options}
            data={actorOptions}
            searchValue={actorSearch}
            onSearchChange={setActorSearch}
            value={draft.actorUserId}
            onChange={(value, option) => {
              setActorChosen(value ? option : null);
              setDraft((d) => ({ ...d, actorUserId: value }));
            }}
          />
          <TextInput
            label={t('admin.audit.entityType')}
            dir="ltr"
            value={draft.entityType}
            onChange={(event) => set('entityType')(event.currentTarget.value)}
          />
          <TextInput
            label={t('admin.audit.entityId')}
            dir="ltr"
            value={draft.entityId}
            onChange={(event) => set('entityId')(event.currentTarget.value)}
          />
          <DayInput label={t('admin.audit.from')} value={draft.from} onChange={set('from')} />
          <DayInput
            label={t('admin.audit.to')}
            min={draft.from || undefined}
            value={draft.to}
            onChange={set('to')}
          />
        </SimpleGrid>
        <Group mb="md">
          <Button type="submit" data-testid="audit-apply">
            {t('admin.audit.apply')}
          </Button>
          <Button
            variant="default"
            onClick={() => {
              setDraft(NO_FILTERS);
              setActorChosen(null);
              setActorSearch('');
              setQuery({ page: 1 });
            }}
          >
            {t('admin.audit.clear')}
          </Button>
        </Group>
      </form>
      <QueryState query={events}>
        {items.length === 0 ? (
          <Text c="dimmed" data-testid="audit-empty">
            {t('admin.audit.empty')}
          </Text>
        ) : narrow ? (
          <Stack gap="xs" data-testid="audit-events">
            {items.map((event) => (
              <Card key={event.id} withBorder padding="sm">
                <Group justify="space-between" gap="xs">
                  <Text fw={600} size="sm" dir="ltr" data-testid="audit-action-cell">
                    {event.action}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatInstant(lang, event.at, unit.timeZone)}
                  </Text>
                </Group>
                <Text size="sm">
                  {t('admin.audit.by', { actor: event.actorUsername ?? t('admin.audit.system') })}
                </Text>
                {event.entityType && (
                  <Text size="xs" c="dimmed" dir="ltr" ta="start">
                    {event.entityType} {event.entityId}
                  </Text>
                )}
                {event.details && (
                  <Code block mt={4} style={{ whiteSpace: 'pre-wrap' }} dir="ltr">
                    {summary(event.details)}
                  </Code>
                )}
              </Card>
            ))}
            <Text size="sm" c="dimmed" ta="center">
              {t('admin.audit.count', { count: events.data?.total ?? 0 })}
            </Text>
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped data-testid="audit-events">
              <Table.Caption>{t('admin.audit.count', { count: events.data?.total ?? 0 })}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.audit.at')}</Table.Th>
                  <Table.Th>{t('admin.audit.actor')}</Table.Th>
                  <Table.Th>{t('admin.audit.action')}</Table.Th>
                  <Table.Th>{t('admin.audit.entity')}</Table.Th>
                  <Table.Th>{t('admin.audit.details')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((event) => (
                  <Table.Tr key={event.id}>
                    <Table.Td style={NO_WRAP}>{formatInstant(lang, event.at, unit.timeZone)}</Table.Td>
                    <Table.Td dir="ltr" style={NO_WRAP}>
                      {event.actorUsername ?? t('admin.audit.system')}
                    </Table.Td>
                    <Table.Td dir="ltr" style={NO_WRAP} data-testid="audit-action-cell">
                      {event.action}
                    </Table.Td>
                    <Table.Td dir="ltr">
                      {event.entityType ?? '—'}
                      {event.entityId && (
                        <Text size="xs" c="dimmed">
                          {event.entityId}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td dir="ltr">
                      {event.details ? (
                        <Code block style={{ maxWidth: '28rem', whiteSpace: 'pre-wrap' }}>
                          {summary(event.details)}
                        </Code>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Pager
          page={query.page}
          total={events.data?.total ?? 0}
          pageSize={AUDIT_PAGE_SIZE}
          onChange={(page) => setQuery((q) => ({ ...q, page }))}
        />
      </QueryState>
    </>
  );
}

/** The details, short enough for a table cell. */
function summary(details: Record<string, unknown>): string {
  const text = JSON.stringify(details);
  return text.length > 240 ? `${text.slice(0, 240)}…` : text;
}
