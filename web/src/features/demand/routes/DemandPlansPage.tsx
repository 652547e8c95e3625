import { Anchor, Button, Group, Select, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { DayInput } from '../../../components/DayInput';
import { PageHeader } from '../../../components/PageHeader';
import { Pager } from '../../../components/Pager';
import { QueryState } from '../../../components/QueryState';
import { useCatalogue, useDepartments } from '../../../lib/api/lookups';
import { usePermissions } from '../../../lib/auth/permissions';
import { formatDay, formatNumber, localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { PLAN_PAGE_SIZE, type PlanFilters, type PlanStatus, useDemandPlans } from '../api';
import { NewPlanForm } from '../components/NewPlanForm';
import { StatusBadge, statusLabel } from '../components/StatusBadge';

const STATUSES: PlanStatus[] = ['Draft', 'Approved', 'Locked', 'Archived'];

/** The demand plans of the caller's departments, filtered by department, a date, a terminal and state. */
export default function DemandPlansPage() {
  const t = useT();
  const lang = useLanguage();
  const { has } = usePermissions();
  const [filters, setFilters] = useState<PlanFilters>({ page: 1 });
  const [creating, setCreating] = useState(false);
  const plans = useDemandPlans(filters);
  const departments = useDepartments();
  const terminals = useCatalogue('terminals');
  const set = (change: Partial<PlanFilters>) => setFilters((current) => ({ ...current, ...change, page: 1 }));
  const departmentName = (id: string) => {
    const node = departments.data?.get(id);
    return node ? localName(lang, node) : '';
  };
  const items = plans.data?.items ?? [];
  return (
    <>
      <PageHeader
        title={t('demand.plans.title')}
        description={t('demand.plans.description')}
        actions={
          has('demand.write') && !creating ? (
            <Button onClick={() => setCreating(true)} data-testid="new-plan">
              {t('demand.plans.new')}
            </Button>
          ) : null
        }
      />
      {creating && <NewPlanForm onCancel={() => setCreating(false)} />}
      <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
        <Select
          label={t('demand.filter.department')}
          placeholder={t('demand.filter.any')}
          clearable
          data={[...(departments.data?.values() ?? [])].map((node) => ({
            value: node.id,
            label: localName(lang, node),
          }))}
          value={filters.departmentId ?? null}
          onChange={(value) => set({ departmentId: value ?? undefined })}
          w={200}
        />
        <DayInput
          label={t('demand.filter.date')}
          value={filters.date ?? ''}
          onChange={(day) => set({ date: day || undefined })}
          w={170}
          data-testid="filter-date"
        />
        <Select
          label={t('demand.filter.terminal')}
          placeholder={t('demand.filter.any')}
          clearable
          data={(terminals.data ?? []).map((terminal) => ({
            value: terminal.code,
            label: localName(lang, terminal),
          }))}
          value={filters.terminal ?? null}
          onChange={(value) => set({ terminal: value ?? undefined })}
          w={170}
        />
        <Select
          label={t('demand.filter.status')}
          placeholder={t('demand.filter.any')}
          clearable
          data={STATUSES.map((status) => ({ value: status, label: statusLabel(t, status) }))}
          value={filters.status ?? null}
          onChange={(value) => set({ status: (value as PlanStatus | null) ?? undefined })}
          w={150}
          data-testid="filter-status"
        />
      </Group>
      <QueryState query={plans}>
        {items.length === 0 ? (
          <Text c="dimmed" data-testid="plans-empty">
            {t('demand.plans.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover data-testid="plans-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('demand.plan.name')}</Table.Th>
                  <Table.Th>{t('demand.plan.department')}</Table.Th>
                  <Table.Th>{t('demand.plan.period')}</Table.Th>
                  <Table.Th>{t('demand.plan.status')}</Table.Th>
                  <Table.Th style={{ textAlign: 'end' }}>{t('demand.plan.required')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((plan) => (
                  <Table.Tr key={plan.id} data-testid="plan-row">
                    <Table.Td>
                      <Anchor component={Link} to={`/demand/plans/${plan.id}`}>
                        {plan.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{departmentName(plan.departmentId) || plan.departmentCode}</Table.Td>
                    <Table.Td>
                      {formatDay(lang, plan.from)} – {formatDay(lang, plan.to)}
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={plan.Status} />
                    </Table.Td>
                    <Table.Td style={{ textAlign: 'end' }}>{formatNumber(lang, plan.totalRequired)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Pager
          page={filters.page}
          total={plans.data?.total ?? 0}
          pageSize={PLAN_PAGE_SIZE}
          onChange={(page) => setFilters((current) => ({ ...current, page }))}
        />
      </QueryState>
    </>
  );
}
