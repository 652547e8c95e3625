import { Button, Group, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { type Dispatch, memo, type SetStateAction, useMemo, useState } from 'react';
import { DayInput } from '../../../components/DayInput';
import { PageHeader } from '../../../components/PageHeader';
import { Loading, QueryState } from '../../../components/QueryState';
import { useDepartments } from '../../../lib/api/lookups';
import { usePermissions } from '../../../lib/auth/permissions';
import { addDays, today as todayIn } from '../../../lib/dates';
import { formatNumber, localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { useUnit } from '../../../lib/unit';
import { type Scope, useComingPeriods, useGaps, useLiveRoster } from '../api';
import { CopyRosterModal } from '../components/CopyRosterModal';
import { EditToolbar } from '../components/EditToolbar';
import { GapsPanel } from '../components/GapsPanel';
import { LiveGrid } from '../components/LiveGrid';
import { PublishPanel } from '../components/PublishPanel';
import { RosterFilters } from '../components/RosterFilters';
import { filterChoices, NO_FILTER, type RosterFilter } from '../filters';
import { COMING_DAYS, MAX_DAYS, openingEnd } from '../opening';
import { useRosterEditor } from '../roster-editor';

/** Opens on the link's dates, else on the whole of what stands or starts in the coming two weeks. */
export default function LiveRosterPage() {
  const unit = useUnit();
  const { has } = usePermissions();
  const query = new URLSearchParams(window.location.search);
  const from = query.get('from') ?? todayIn(unit.timeZone);
  const to = query.get('to');
  const departmentId = query.get('department');
  const coming = useComingPeriods(
    from,
    addDays(from, COMING_DAYS - 1),
    departmentId,
    has('demand.read'),
    to === null,
  );
  if (to !== null) return <LiveRoster opening={{ from, to, departmentId }} />;
  if (coming.isPending) return <Loading />;
  // Without the periods (a failed read) the roster still opens, on the two weeks.
  return <LiveRoster opening={{ from, to: openingEnd(from, coming.data ?? []), departmentId }} />;
}

function LiveRoster({ opening }: { opening: Scope }) {
  const t = useT();
  const lang = useLanguage();
  const { has } = usePermissions();
  const [scope, setScope] = useState<Scope>(opening);
  const departments = useDepartments();
  const valid = scope.from <= scope.to && scope.to <= addDays(scope.from, MAX_DAYS);
  const everyone = has('employee.view');
  const roster = useLiveRoster(scope, everyone);
  const gaps = useGaps(scope);
  const departmentOptions = useMemo(
    () =>
      [...(departments.data?.values() ?? [])].map((node) => ({
        value: node.id,
        label: localName(lang, node),
      })),
    [departments.data, lang],
  );
  const missing = gaps.data?.missingHeads ?? 0;
  const editor = useRosterEditor(scope.departmentId);
  const [editing, setEditing] = useState(false);
  const [copying, setCopying] = useState(false);
  const canEdit = has('roster.edit') && scope.departmentId !== null;
  const [filter, setFilter] = useState(NO_FILTER);
  const choices = useMemo(
    () =>
      filterChoices(
        (roster.data?.assignments ?? []).map((a) => ({
          terminalCode: a.terminal.code,
          skillCode: a.skill?.code ?? null,
          shiftCode: a.shiftTemplate.code,
        })),
      ),
    [roster.data],
  );
  const withDepartment = scope.departmentId !== null;
  // The grid is drawn again only when what it shows changes (not with each answer of the edits' check).
  const { pending, change, undo } = editor;
  const gridEditor = useMemo(() => ({ pending, change, undo }), [pending, change, undo]);
  const gapItems = useMemo(() => gaps.data?.items ?? [], [gaps.data]);
  const shownFilter = useMemo(
    () => ({ ...filter, warning: filter.warning && withDepartment }),
    [filter, withDepartment],
  );
  return (
    <>
      <PageHeader title={t('rosters.title')} description={t('rosters.description')} />
      <ScopeFields
        scope={scope}
        onScope={setScope}
        departments={departmentOptions}
        locked={editor.pending.length > 0}
        valid={valid}
        choices={choices}
        filter={filter}
        onFilter={setFilter}
        withDepartment={withDepartment}
      />
      {valid && (
        <Tabs defaultValue="roster" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="roster">{t('rosters.tab.roster')}</Tabs.Tab>
            <Tabs.Tab value="gaps" data-testid="gaps-tab">
              {t('rosters.tab.gaps', { count: missing })}
            </Tabs.Tab>
            <Tabs.Tab value="publish">{t('rosters.tab.publish')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="roster" pt="md">
            <Stack gap="xs">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text size="sm" c={missing ? 'red.9' : 'dimmed'} data-testid="gap-count">
                  {t('rosters.gapSummary', { count: missing, missing: formatNumber(lang, missing) })}
                </Text>
                {canEdit && (
                  <Button
                    variant="light"
                    size="xs"
                    onClick={() => setCopying(true)}
                    disabled={editor.pending.length > 0}
                    data-testid="copy-open"
                  >
                    {t('rosters.copy.open')}
                  </Button>
                )}
              </Group>
              {has('roster.edit') && (
                <EditToolbar
                  editor={editor}
                  editing={editing && canEdit}
                  onEditing={setEditing}
                  canEdit={canEdit}
                />
              )}
              <QueryState query={roster}>
                {roster.data && (
                  <LiveGrid
                    scope={scope}
                    assignments={roster.data.assignments}
                    employees={roster.data.employees}
                    gaps={gapItems}
                    editor={gridEditor}
                    editing={editing && canEdit}
                    filter={shownFilter}
                  />
                )}
              </QueryState>
            </Stack>
            {canEdit && scope.departmentId && (
              <CopyRosterModal
                opened={copying}
                departmentId={scope.departmentId}
                scope={scope}
                onClose={() => setCopying(false)}
              />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="gaps" pt="md">
            <Title order={2} size="h4" mb="xs">
              {t('rosters.gaps.title')}
            </Title>
            <QueryState query={gaps}>
              <GapsPanel gaps={gaps.data?.items ?? []} />
            </QueryState>
          </Tabs.Panel>
          <Tabs.Panel value="publish" pt="md">
            <Title order={2} size="h4" mb="xs">
              {t('rosters.publish.title')}
            </Title>
            <PublishPanel scope={scope} />
          </Tabs.Panel>
        </Tabs>
      )}
    </>
  );
}

/**
 * The department, the dates and the filters: drawn again only when one of them changes, not with each edit
 * of the grid below (a change of the grid is meant to paint within a frame or two).
 */
const ScopeFields = memo(function ScopeFields({
  scope,
  onScope,
  departments,
  locked,
  valid,
  choices,
  filter,
  onFilter,
  withDepartment,
}: {
  scope: Scope;
  onScope: Dispatch<SetStateAction<Scope>>;
  departments: { value: string; label: string }[];
  /** Edits wait: the department cannot change under them. */
  locked: boolean;
  valid: boolean;
  choices: ReturnType<typeof filterChoices>;
  filter: RosterFilter;
  onFilter: (filter: RosterFilter) => void;
  withDepartment: boolean;
}) {
  const t = useT();
  return (
    <Group gap="sm" mb="md" align="flex-end">
      <Select
        label={t('rosters.department')}
        placeholder={t('rosters.allDepartments')}
        data={departments}
        value={scope.departmentId}
        onChange={(departmentId) => onScope((s) => ({ ...s, departmentId }))}
        disabled={locked}
        clearable
        data-testid="live-department"
      />
      <DayInput
        label={t('rosters.from')}
        value={scope.from}
        required
        onChange={(from) => {
          if (from) onScope((s) => ({ ...s, from }));
        }}
      />
      <DayInput
        label={t('rosters.to')}
        value={scope.to}
        required
        error={valid ? undefined : t('rosters.badRange', { days: MAX_DAYS })}
        onChange={(to) => {
          if (to) onScope((s) => ({ ...s, to }));
        }}
      />
      <RosterFilters
        choices={choices}
        filter={filter}
        onChange={onFilter}
        warningAvailable={withDepartment}
      />
    </Group>
  );
});
