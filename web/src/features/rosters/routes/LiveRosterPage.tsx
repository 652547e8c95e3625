import { Group, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
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
import { GapsPanel } from '../components/GapsPanel';
import { LiveGrid } from '../components/LiveGrid';
import { PublishPanel } from '../components/PublishPanel';
import { COMING_DAYS, MAX_DAYS, openingEnd } from '../opening';

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
  const departmentOptions = [...(departments.data?.values() ?? [])].map((node) => ({
    value: node.id,
    label: localName(lang, node),
  }));
  const missing = gaps.data?.missingHeads ?? 0;
  return (
    <>
      <PageHeader title={t('rosters.title')} description={t('rosters.description')} />
      <Group gap="sm" mb="md" align="flex-end">
        <Select
          label={t('rosters.department')}
          placeholder={t('rosters.allDepartments')}
          data={departmentOptions}
          value={scope.departmentId}
          onChange={(departmentId) => setScope((s) => ({ ...s, departmentId }))}
          clearable
          data-testid="live-department"
        />
        <DayInput
          label={t('rosters.from')}
          value={scope.from}
          required
          onChange={(from) => {
            if (from) setScope((s) => ({ ...s, from }));
          }}
        />
        <DayInput
          label={t('rosters.to')}
          value={scope.to}
          required
          error={valid ? undefined : t('rosters.badRange', { days: MAX_DAYS })}
          onChange={(to) => {
            if (to) setScope((s) => ({ ...s, to }));
          }}
        />
      </Group>
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
              <Text size="sm" c={missing ? 'red.9' : 'dimmed'} data-testid="gap-count">
                {t('rosters.gapSummary', { count: missing, missing: formatNumber(lang, missing) })}
              </Text>
              <QueryState query={roster}>
                {roster.data && (
                  <LiveGrid
                    scope={scope}
                    assignments={roster.data.assignments}
                    employees={roster.data.employees}
                    gaps={gaps.data?.items ?? []}
                  />
                )}
              </QueryState>
            </Stack>
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
