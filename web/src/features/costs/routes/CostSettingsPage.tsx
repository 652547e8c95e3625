import {
  Alert,
  Button,
  Card,
  Group,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { DayInput } from '../../../components/DayInput';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { useRefusalText } from '../../../components/RuleReasons';
import { useDepartments, useGrades } from '../../../lib/api/lookups';
import { usePermissions } from '../../../lib/auth/permissions';
import { addMonths, monthOf, today } from '../../../lib/dates';
import { formatMoney, localName, monthTitle } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { useUnit } from '../../../lib/unit';
import {
  type LabourPremium,
  useBudgets,
  useCreateBudget,
  useCreateRate,
  useDeleteRate,
  usePremiums,
  useRates,
  useSetPremium,
  useUpdateBudget,
} from '../api';

/** Rates per grade, the premiums, and the departments' monthly budgets: what labour cost is made of. */
export default function CostSettingsPage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('costs.settings.title')} description={t('costs.settings.description')} />
      <Tabs defaultValue="rates" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="rates">{t('costs.rates.title')}</Tabs.Tab>
          <Tabs.Tab value="premiums">{t('costs.premiums.title')}</Tabs.Tab>
          <Tabs.Tab value="budgets">{t('costs.budgets.title')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="rates" pt="md">
          <Rates />
        </Tabs.Panel>
        <Tabs.Panel value="premiums" pt="md">
          <Premiums />
        </Tabs.Panel>
        <Tabs.Panel value="budgets" pt="md">
          <Budgets />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

function Rates() {
  const t = useT();
  const lang = useLanguage();
  const { has } = usePermissions();
  const rates = useRates();
  const grades = useGrades();
  const create = useCreateRate();
  const remove = useDeleteRate();
  const refusal = useRefusalText();
  const [gradeId, setGradeId] = useState<string | null>(null);
  const [effectiveFrom, setEffectiveFrom] = useState('');
  const [hourlyRate, setHourlyRate] = useState('');
  const manage = has('labour_rate.manage');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!gradeId) return;
    create.mutate(
      { gradeId, effectiveFrom, hourlyRate },
      {
        onSuccess: () => {
          setEffectiveFrom('');
          setHourlyRate('');
        },
      },
    );
  };
  return (
    <Stack>
      <QueryState query={rates}>
        <Table.ScrollContainer minWidth={420}>
          <Table striped aria-label={t('costs.rates.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('costs.rates.grade')}</Table.Th>
                <Table.Th scope="col">{t('costs.rates.from')}</Table.Th>
                <Table.Th scope="col">{t('costs.rates.hourly')}</Table.Th>
                {manage && <Table.Th scope="col">{t('costs.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rates.data?.items.map((rate) => (
                <Table.Tr key={rate.id}>
                  <Table.Td>
                    {rate.grade.code} · {localName(lang, rate.grade)}
                  </Table.Td>
                  <Table.Td>{rate.effectiveFrom}</Table.Td>
                  <Table.Td>{formatMoney(lang, rate.hourlyRate, rate.currency)}</Table.Td>
                  {manage && (
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => remove.mutate(rate.id)}
                        aria-label={t('costs.rates.delete', {
                          grade: rate.grade.code,
                          from: rate.effectiveFrom,
                        })}
                      >
                        {t('costs.delete')}
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </QueryState>
      {manage && (
        <Card withBorder component="form" onSubmit={submit}>
          <Title order={3} size="h5" mb="sm">
            {t('costs.rates.add')}
          </Title>
          <Group align="end" wrap="wrap">
            <Select
              label={t('costs.rates.grade')}
              data={(grades.data ?? []).map((grade) => ({
                value: grade.id,
                label: `${grade.code} · ${localName(lang, grade)}`,
              }))}
              value={gradeId}
              onChange={setGradeId}
              required
            />
            <DayInput
              label={t('costs.rates.from')}
              value={effectiveFrom}
              onChange={setEffectiveFrom}
              required
            />
            <TextInput
              label={t('costs.rates.hourly')}
              inputMode="decimal"
              value={hourlyRate}
              onChange={(event) => setHourlyRate(event.currentTarget.value)}
              required
            />
            <Button type="submit" loading={create.isPending}>
              {t('costs.save')}
            </Button>
          </Group>
          {create.error && (
            <Alert color="red" mt="sm" role="alert">
              {refusal(create.error)}
            </Alert>
          )}
        </Card>
      )}
    </Stack>
  );
}

const KINDS: LabourPremium['kind'][] = ['NIGHT', 'WEEKEND', 'HOLIDAY', 'OVERTIME'];

function Premiums() {
  const t = useT();
  const premiums = usePremiums();
  const { has } = usePermissions();
  return (
    <QueryState query={premiums}>
      {premiums.data && (
        <Stack>
          <Text size="sm" c="dimmed">
            {t('costs.premiums.currency', {
              code: premiums.data.currency.code,
              digits: premiums.data.currency.minorUnits,
            })}
          </Text>
          {KINDS.map((kind) => (
            <PremiumForm
              key={`${kind}-${premiums.data.items.find((p) => p.kind === kind)?.version ?? 0}`}
              kind={kind}
              premium={premiums.data.items.find((p) => p.kind === kind) ?? null}
              manage={has('labour_rate.manage')}
            />
          ))}
        </Stack>
      )}
    </QueryState>
  );
}

function PremiumForm({
  kind,
  premium,
  manage,
}: {
  kind: LabourPremium['kind'];
  premium: LabourPremium | null;
  manage: boolean;
}) {
  const t = useT();
  const set = useSetPremium();
  const refusal = useRefusalText();
  const [nameEn, setNameEn] = useState(premium?.nameEn ?? '');
  const [nameAr, setNameAr] = useState(premium?.nameAr ?? '');
  const [basis, setBasis] = useState<'PERCENT' | 'FIXED'>(premium?.basis ?? 'PERCENT');
  const [value, setValue] = useState((premium?.basis === 'FIXED' ? premium.amount : premium?.percent) ?? '');
  const [windowStart, setWindowStart] = useState(premium?.windowStart ?? '22:00');
  const [windowEnd, setWindowEnd] = useState(premium?.windowEnd ?? '06:00');
  const night = kind === 'NIGHT';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    set.mutate({
      kind,
      body: {
        nameEn,
        nameAr,
        basis,
        percent: basis === 'PERCENT' ? value : null,
        amount: basis === 'FIXED' ? value : null,
        ...(night ? { windowStart, windowEnd } : {}),
      },
    });
  };
  return (
    <Card withBorder component="form" onSubmit={submit} data-testid={`premium-${kind}`}>
      <Title order={3} size="h5" mb="sm">
        {t(`costs.premiums.kind.${kind}`)}
        {!premium && (
          <Text span c="dimmed" size="sm" ms="xs">
            {t('costs.premiums.notSet')}
          </Text>
        )}
      </Title>
      <fieldset disabled={!manage} style={{ border: 0, padding: 0, margin: 0 }}>
        <Group align="end" wrap="wrap">
          <TextInput
            label={t('costs.premiums.nameEn')}
            value={nameEn}
            onChange={(e) => setNameEn(e.currentTarget.value)}
            required
          />
          <TextInput
            label={t('costs.premiums.nameAr')}
            value={nameAr}
            onChange={(e) => setNameAr(e.currentTarget.value)}
            required
            dir="rtl"
          />
          <Select
            label={t('costs.premiums.basis')}
            data={[
              { value: 'PERCENT', label: t('costs.premiums.percent') },
              { value: 'FIXED', label: t('costs.premiums.fixed') },
            ]}
            value={basis}
            onChange={(next) => next && setBasis(next as 'PERCENT' | 'FIXED')}
            allowDeselect={false}
            w={160}
          />
          <TextInput
            label={basis === 'PERCENT' ? t('costs.premiums.percentValue') : t('costs.premiums.amountValue')}
            inputMode="decimal"
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            required
            w={140}
          />
          {night && (
            <>
              <TextInput
                type="time"
                label={t('costs.premiums.windowStart')}
                value={windowStart}
                onChange={(e) => setWindowStart(e.currentTarget.value)}
                required
              />
              <TextInput
                type="time"
                label={t('costs.premiums.windowEnd')}
                value={windowEnd}
                onChange={(e) => setWindowEnd(e.currentTarget.value)}
                required
              />
            </>
          )}
          {manage && (
            <Button type="submit" loading={set.isPending}>
              {t('costs.save')}
            </Button>
          )}
        </Group>
      </fieldset>
      {set.error && (
        <Alert color="red" mt="sm" role="alert">
          {refusal(set.error)}
        </Alert>
      )}
    </Card>
  );
}

function Budgets() {
  const t = useT();
  const lang = useLanguage();
  const unit = useUnit();
  const { has } = usePermissions();
  const budgets = useBudgets();
  const departments = useDepartments();
  const create = useCreateBudget();
  const update = useUpdateBudget();
  const refusal = useRefusalText();
  const current = monthOf(today(unit.timeZone));
  const [departmentId, setDepartmentId] = useState<string | null>(null);
  const [month, setMonth] = useState(current);
  const [amount, setAmount] = useState('');
  const manage = has('labour_budget.manage');
  const existing = budgets.data?.items.find((b) => b.department.id === departmentId && b.month === month);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!departmentId) return;
    if (existing) update.mutate({ id: existing.id, amount }, { onSuccess: () => setAmount('') });
    else create.mutate({ departmentId, month, amount }, { onSuccess: () => setAmount('') });
  };
  const error = create.error ?? update.error;
  return (
    <Stack>
      <QueryState query={budgets}>
        <Table.ScrollContainer minWidth={420}>
          <Table striped aria-label={t('costs.budgets.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('costs.budgets.department')}</Table.Th>
                <Table.Th scope="col">{t('costs.budgets.month')}</Table.Th>
                <Table.Th scope="col">{t('costs.budgets.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {budgets.data?.items.map((budget) => (
                <Table.Tr key={budget.id}>
                  <Table.Td>{localName(lang, budget.department)}</Table.Td>
                  <Table.Td>{monthTitle(lang, budget.month)}</Table.Td>
                  <Table.Td>{formatMoney(lang, budget.amount, budget.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </QueryState>
      {manage && (
        <Card withBorder component="form" onSubmit={submit}>
          <Title order={3} size="h5" mb="sm">
            {t('costs.budgets.set')}
          </Title>
          <Group align="end" wrap="wrap">
            <Select
              label={t('costs.budgets.department')}
              data={[...(departments.data?.values() ?? [])].map((node) => ({
                value: node.id,
                label: localName(lang, node),
              }))}
              value={departmentId}
              onChange={setDepartmentId}
              required
            />
            <Select
              label={t('costs.budgets.month')}
              data={Array.from({ length: 12 }, (_, index) => addMonths(current, index - 2)).map((value) => ({
                value,
                label: monthTitle(lang, value),
              }))}
              value={month}
              onChange={(value) => value && setMonth(value)}
              allowDeselect={false}
            />
            <TextInput
              label={t('costs.budgets.amount')}
              inputMode="decimal"
              value={amount}
              onChange={(event) => setAmount(event.currentTarget.value)}
              required
            />
            <Button type="submit" loading={create.isPending || update.isPending}>
              {existing ? t('costs.budgets.change') : t('costs.save')}
            </Button>
          </Group>
          {error && (
            <Alert color="red" mt="sm" role="alert">
              {refusal(error)}
            </Alert>
          )}
        </Card>
      )}
    </Stack>
  );
}
