import { Alert, Badge, Button, Group, Modal, Select, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { Pager } from '../../../components/Pager';
import { ErrorNotice, QueryState } from '../../../components/QueryState';
import { usePermissions } from '../../../lib/auth/permissions';
import { formatDay, localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { LOOKUPS_PAGE_SIZE, type LookupRow, useDeleteLookup, useLookupRows } from '../api/lookups';
import { LookupForm } from '../components/LookupForm';
import {
  groupLabel,
  groupOf,
  isLookupGroup,
  LOOKUP_GROUPS,
  type LookupGroupRoute,
  lookupRefusal,
} from '../components/lookupGroups';

/** The reference lists the rest stands on, one group at a time (the group is in the address). */
export default function LookupsPage() {
  const t = useT();
  const { has } = usePermissions();
  const [params, setParams] = useSearchParams();
  const visible = LOOKUP_GROUPS.filter((group) => has(`${group.entity}.view`));
  const asked = params.get('group');
  const group: LookupGroupRoute = isLookupGroup(asked) ? asked : (visible[0]?.route ?? 'grades');
  const canEdit = has(`${groupOf(group).entity}.config`);
  const [editing, setEditing] = useState<LookupRow | 'new' | null>(null);
  if (!visible.length)
    return (
      <Alert color="orange" title={t('error.forbidden.title')} role="alert">
        {t('error.forbidden.body')}
      </Alert>
    );
  return (
    <>
      <PageHeader
        title={t('admin.lookups.title')}
        description={t('admin.lookups.intro')}
        actions={
          canEdit && (
            <Button onClick={() => setEditing('new')} data-testid="new-lookup">
              {t('admin.lookups.new')}
            </Button>
          )
        }
      />
      <Select
        label={t('admin.lookups.group')}
        data={visible.map((item) => ({ value: item.route, label: t(groupLabel(item.route)) }))}
        value={group}
        allowDeselect={false}
        onChange={(value) => value && setParams({ group: value })}
        maw={320}
        mb="md"
        data-testid="lookup-group"
      />
      {/* A new key per group: the page and any refusal start afresh. */}
      <GroupRows key={group} group={group} canEdit={canEdit} onEdit={setEditing} />
      <Modal
        // No scroll lock: the library behind it injects a <style> without the CSP nonce.
        lockScroll={false}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t(editing === 'new' ? 'admin.lookups.new' : 'admin.lookups.edit')}
        size="lg"
      >
        {editing !== null && (
          <LookupForm
            group={group}
            row={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
    </>
  );
}

function GroupRows({
  group,
  canEdit,
  onEdit,
}: {
  group: LookupGroupRoute;
  canEdit: boolean;
  onEdit: (row: LookupRow) => void;
}) {
  const t = useT();
  const lang = useLanguage();
  const [page, setPage] = useState(1);
  const rows = useLookupRows(group, page);
  const remove = useDeleteLookup(group);
  const [confirming, setConfirming] = useState<LookupRow | null>(null);
  const items = rows.data?.items ?? [];
  const refused = remove.error && remove.variables;
  const refusal = refused ? lookupRefusal(t, remove.error, remove.variables.code) : null;
  return (
    <QueryState query={rows}>
      {refused && (
        <Alert
          color="orange"
          role="alert"
          mb="md"
          title={t('admin.lookups.refused.title')}
          withCloseButton
          closeButtonLabel={t('admin.close')}
          onClose={() => remove.reset()}
          data-testid="lookup-refusal"
        >
          {refusal ?? <ErrorNotice error={remove.error} />}
        </Alert>
      )}
      {items.length === 0 ? (
        <Text c="dimmed">{t('admin.lookups.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped data-testid="lookup-rows">
            <Table.Caption>{t('admin.lookups.count', { count: rows.data?.total ?? 0 })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.lookups.code')}</Table.Th>
                <Table.Th>{t('admin.lookups.name')}</Table.Th>
                <Table.Th>{t('admin.lookups.details')}</Table.Th>
                <Table.Th>{t('admin.lookups.state')}</Table.Th>
                {canEdit && <Table.Th>{t('admin.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((row) => (
                <Table.Tr key={row.id} data-code={row.code}>
                  <Table.Td dir="ltr">{row.code}</Table.Td>
                  <Table.Td>{localName(lang, row)}</Table.Td>
                  <Table.Td>{details(row, lang, t)}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Badge color={row.isActive ? 'green' : 'gray'} variant="light">
                        {t(row.isActive ? 'admin.lookups.activeState' : 'admin.lookups.inactiveState')}
                      </Badge>
                      {row.isSystem && (
                        <Badge color="grape" variant="light">
                          {t('admin.lookups.system')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="xs"
                          variant="subtle"
                          onClick={() => onEdit(row)}
                          aria-label={t('admin.lookups.editNamed', { code: row.code })}
                        >
                          {t('admin.edit')}
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => setConfirming(row)}
                          aria-label={t('admin.lookups.deleteNamed', { code: row.code })}
                        >
                          {t('admin.delete')}
                        </Button>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager page={page} total={rows.data?.total ?? 0} pageSize={LOOKUPS_PAGE_SIZE} onChange={setPage} />
      <Modal
        lockScroll={false}
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('admin.lookups.deleteTitle')}
      >
        <Text mb="md">{t('admin.lookups.deleteConfirm', { code: confirming?.code ?? '' })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(null)}>
            {t('admin.cancel')}
          </Button>
          <Button
            color="red"
            data-testid="confirm-delete"
            onClick={() => {
              if (confirming) remove.mutate(confirming);
              setConfirming(null);
            }}
          >
            {t('admin.delete')}
          </Button>
        </Group>
      </Modal>
    </QueryState>
  );
}

/** The group's own fields, in a line. */
function details(row: LookupRow, lang: 'en' | 'ar', t: ReturnType<typeof useT>): string {
  if (row.date)
    return row.endDate && row.endDate !== row.date
      ? t('admin.lookups.dateRange', { from: formatDay(lang, row.date), to: formatDay(lang, row.endDate) })
      : formatDay(lang, row.date);
  if (row.startTime && row.endTime)
    return t('admin.lookups.times', {
      start: row.startTime.slice(0, 5),
      end: row.endTime.slice(0, 5),
      hours: row.paidHours ?? 0,
    });
  if (row.requiresCertification !== undefined)
    return (
      [row.categoryCode, row.requiresCertification ? t('admin.lookups.needsCertification') : null]
        .filter(Boolean)
        .join(' · ') || '—'
    );
  return row.description ?? '—';
}
