import {
  Anchor,
  Button,
  Card,
  Checkbox,
  Grid,
  Group,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DayInput } from '../../../components/DayInput';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorNotice, QueryState } from '../../../components/QueryState';
import { usePermissions } from '../../../lib/auth/permissions';
import { formatDay, formatNumber } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { paths } from '../../../lib/paths';
import { useAllocationRuns, useCreateAllocationRun, useRunnablePlans } from '../api';
import { RunStatusBadge } from '../components/RunStatusBadge';
import { StaleRunBadge } from '../components/StaleRun';

export default function RunsPage() {
  const t = useT();
  const lang = useLanguage();
  const { has } = usePermissions();
  const runs = useAllocationRuns();
  return (
    <>
      <PageHeader title={t('allocation.title')} description={t('allocation.description')} />
      <Grid gap="lg">
        {has('allocation_run.write') && (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <NewRunForm />
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, md: has('allocation_run.write') ? 8 : 12 }}>
          <Title order={2} size="h4" mb="sm">
            {t('allocation.list.title')}
          </Title>
          <QueryState query={runs}>
            {runs.data?.items.length === 0 ? (
              <Text c="dimmed">{t('allocation.list.empty')}</Text>
            ) : (
              <Table.ScrollContainer minWidth={640}>
                <Table striped data-testid="runs-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('allocation.list.plan')}</Table.Th>
                      <Table.Th>{t('allocation.list.period')}</Table.Th>
                      <Table.Th>{t('allocation.list.status')}</Table.Th>
                      <Table.Th>{t('allocation.list.coverage')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {runs.data?.items.map((run) => (
                      <Table.Tr key={run.id}>
                        <Table.Td>
                          <Anchor component={Link} to={paths.run(run.id)}>
                            {run.plan.name}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>
                          {t('common.period', {
                            from: formatDay(lang, run.from),
                            to: formatDay(lang, run.to),
                          })}
                        </Table.Td>
                        <Table.Td>
                          <Group gap="xs" wrap="nowrap">
                            <RunStatusBadge status={run.Status} />
                            <StaleRunBadge run={run} />
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          {run.result
                            ? formatNumber(lang, run.result.coverage.ratio, { style: 'percent' })
                            : '—'}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </QueryState>
        </Grid.Col>
      </Grid>
    </>
  );
}

function NewRunForm() {
  const t = useT();
  const lang = useLanguage();
  const plans = useRunnablePlans();
  const create = useCreateAllocationRun();
  const navigate = useNavigate();
  const [planId, setPlanId] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [exactWindows, setExactWindows] = useState(false);
  const plan = plans.data?.find((p) => p.id === planId);
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {t('allocation.new.title')}
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!planId || !from || !to) return;
          create.mutate(
            { planId, from, to, ...(exactWindows ? { options: { exactWindows } } : {}) },
            { onSuccess: (run) => navigate(paths.run(run.id)) },
          );
        }}
      >
        <Stack gap="sm">
          <Select
            label={t('allocation.new.plan')}
            data={(plans.data ?? []).map((p) => ({
              value: p.id,
              label: `${p.name} (${formatDay(lang, p.from)} – ${formatDay(lang, p.to)})`,
            }))}
            value={planId}
            onChange={(value) => {
              setPlanId(value);
              const chosen = plans.data?.find((p) => p.id === value);
              if (chosen) {
                setFrom(chosen.from);
                setTo(chosen.to);
              }
            }}
            searchable
            required
            data-testid="run-plan"
          />
          <DayInput
            label={t('allocation.new.from')}
            value={from}
            min={plan?.from}
            max={plan?.to}
            onChange={setFrom}
            required
          />
          <DayInput
            label={t('allocation.new.to')}
            value={to}
            min={from || plan?.from}
            max={plan?.to}
            onChange={setTo}
            required
          />
          <Checkbox
            label={t('allocation.new.exact')}
            description={t('allocation.new.exactHint')}
            checked={exactWindows}
            onChange={(event) => setExactWindows(event.currentTarget.checked)}
            data-testid="run-exact"
          />
          {create.error && <ErrorNotice error={create.error} />}
          <Button type="submit" loading={create.isPending} disabled={!planId || !from || !to}>
            {t('allocation.new.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
