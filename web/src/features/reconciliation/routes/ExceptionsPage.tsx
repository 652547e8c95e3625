import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { Pager } from '../../../components/Pager';
import { problemText, QueryState } from '../../../components/QueryState';
import { type Range, RangeFilters, rangeQuery } from '../../../components/RangeFilters';
import { ApiError } from '../../../lib/api/client';
import { useCodeNames } from '../../../lib/api/lookups';
import { usePermissions } from '../../../lib/auth/permissions';
import { addDays, today } from '../../../lib/dates';
import { formatDay, formatNumber, localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { useUnit } from '../../../lib/unit';
import {
  EXCEPTION_KINDS,
  EXCEPTIONS_PAGE_SIZE,
  type ExceptionFilters,
  type ExceptionKind,
  type ReconciliationException,
  useExceptions,
  useValidateExceptions,
} from '../api';

type Status = NonNullable<ExceptionFilters['status']>;

/**
 * The exception queue: filters, and for a holder of `reconciliation.validate` a choice of exceptions
 * validated at once as justified or not, with a comment.
 */
export default function ExceptionsPage() {
  const t = useT();
  const unit = useUnit();
  const { has } = usePermissions();
  const canValidate = has('reconciliation.validate');
  const yesterday = addDays(today(unit.timeZone), -1);
  const [range, setRange] = useState<Range>({
    from: addDays(yesterday, -29),
    to: yesterday,
    departmentId: null,
  });
  const [kind, setKind] = useState<ExceptionKind | null>(null);
  const [status, setStatus] = useState<Status | null>('OPEN');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [comment, setComment] = useState('');
  const filters: ExceptionFilters = {
    ...rangeQuery(range),
    ...(kind ? { kind } : {}),
    ...(status ? { status } : {}),
  };
  const exceptions = useExceptions(filters, page);
  const validate = useValidateExceptions();
  const items = exceptions.data?.items ?? [];
  const open = items.filter((item) => item.status === 'OPEN');
  const refilter = (apply: () => void) => {
    apply();
    setPage(1);
    setChosen(new Set());
  };
  const toggle = (id: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const run = (resolution: 'JUSTIFIED' | 'UNJUSTIFIED') =>
    validate.mutate(
      { ids: [...chosen], resolution, comment: comment.trim() || null },
      {
        onSuccess: () => {
          setChosen(new Set());
          setComment('');
        },
      },
    );
  const allChosen = open.length > 0 && open.every((item) => chosen.has(item.id));
  return (
    <>
      <PageHeader
        title={t('reconciliation.exceptions.title')}
        description={t('reconciliation.exceptions.description')}
      />
      <RangeFilters value={range} onChange={(next) => refilter(() => setRange(next))}>
        <Select
          label={t('reconciliation.exceptions.kind')}
          placeholder={t('reconciliation.filter.allKinds')}
          data={EXCEPTION_KINDS.map((value) => ({
            value,
            label: t(`reconciliation.exceptions.kind.${value}`),
          }))}
          value={kind}
          onChange={(value) => refilter(() => setKind(value as ExceptionKind | null))}
          clearable
          clearButtonProps={{ 'aria-label': t('common.filter.clear') }}
          w={200}
        />
        <Select
          label={t('reconciliation.exceptions.status')}
          placeholder={t('common.filter.allStatuses')}
          data={(['OPEN', 'VALIDATED'] as const).map((value) => ({
            value,
            label: t(`reconciliation.exceptions.status.${value}`),
          }))}
          value={status}
          onChange={(value) => refilter(() => setStatus(value as Status | null))}
          clearable
          clearButtonProps={{ 'aria-label': t('common.filter.clear') }}
          w={160}
        />
      </RangeFilters>
      {canValidate && (
        <Paper withBorder p="sm" mb="md" data-testid="validate-panel">
          <Stack gap="xs">
            <Text size="sm" aria-live="polite">
              {t('reconciliation.exceptions.chosen', { count: chosen.size })}
            </Text>
            <Textarea
              label={t('reconciliation.exceptions.comment')}
              autosize
              minRows={1}
              maxLength={1000}
              value={comment}
              onChange={(event) => setComment(event.currentTarget.value)}
            />
            {validate.error && (
              <Alert color="red" role="alert">
                {validate.error instanceof ApiError ? problemText(t, validate.error) : t('error.network')}
              </Alert>
            )}
            {validate.isSuccess && (
              <Alert color="green" role="status">
                {t('reconciliation.exceptions.validated', { count: validate.data.validated })}
              </Alert>
            )}
            <Group gap="sm">
              <Button
                color="green"
                disabled={chosen.size === 0}
                loading={validate.isPending && validate.variables?.resolution === 'JUSTIFIED'}
                onClick={() => run('JUSTIFIED')}
              >
                {t('reconciliation.exceptions.justified')}
              </Button>
              <Button
                color="red"
                variant="light"
                disabled={chosen.size === 0}
                loading={validate.isPending && validate.variables?.resolution === 'UNJUSTIFIED'}
                onClick={() => run('UNJUSTIFIED')}
              >
                {t('reconciliation.exceptions.unjustified')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      <QueryState query={exceptions}>
        {items.length === 0 ? (
          <Text c="dimmed" data-testid="queue-empty">
            {t('reconciliation.exceptions.empty')}
          </Text>
        ) : (
          // Wide with names in full (nowrap): the keyboard can reach and scroll it.
          <Table.ScrollContainer minWidth={760} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
            <Table striped data-testid="exceptions-table" style={{ whiteSpace: 'nowrap' }}>
              <Table.Thead>
                <Table.Tr>
                  {canValidate && (
                    <Table.Th w={40}>
                      <Checkbox
                        aria-label={t('reconciliation.exceptions.chooseAll')}
                        checked={allChosen}
                        indeterminate={!allChosen && open.some((item) => chosen.has(item.id))}
                        disabled={open.length === 0}
                        onChange={(event) => {
                          const on = event.currentTarget.checked;
                          for (const item of open) toggle(item.id, on);
                        }}
                      />
                    </Table.Th>
                  )}
                  <Table.Th>{t('common.attendance.date')}</Table.Th>
                  <Table.Th>{t('common.employee')}</Table.Th>
                  <Table.Th>{t('reconciliation.exceptions.kind')}</Table.Th>
                  <Table.Th>{t('reconciliation.exceptions.planned')}</Table.Th>
                  <Table.Th>{t('reconciliation.exceptions.actual')}</Table.Th>
                  <Table.Th>{t('reconciliation.exceptions.minutes')}</Table.Th>
                  <Table.Th>{t('reconciliation.exceptions.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((exception) => (
                  <ExceptionRow
                    key={exception.id}
                    exception={exception}
                    choosable={canValidate}
                    chosen={chosen.has(exception.id)}
                    onChoose={(on) => toggle(exception.id, on)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Pager
          page={page}
          onChange={setPage}
          pageSize={EXCEPTIONS_PAGE_SIZE}
          total={exceptions.data?.total ?? 0}
        />
      </QueryState>
    </>
  );
}

function ExceptionRow({
  exception,
  choosable,
  chosen: isChosen,
  onChoose,
}: {
  exception: ReconciliationException;
  choosable: boolean;
  chosen: boolean;
  onChoose: (on: boolean) => void;
}) {
  const t = useT();
  const lang = useLanguage();
  const names = useCodeNames();
  const name = localName(lang, exception.employee);
  const planned = exception.plannedShift;
  const worked = exception.workedShift;
  return (
    <Table.Tr
      data-testid="exception-row"
      data-id={exception.id}
      data-employee={exception.employee.employeeNumber}
      data-kind={exception.kind}
    >
      {choosable && (
        <Table.Td>
          {exception.status === 'OPEN' && (
            <Checkbox
              aria-label={t('reconciliation.exceptions.choose', {
                name,
                kind: t(`reconciliation.exceptions.kind.${exception.kind}`),
                date: formatDay(lang, exception.date),
              })}
              checked={isChosen}
              onChange={(event) => onChoose(event.currentTarget.checked)}
            />
          )}
        </Table.Td>
      )}
      <Table.Td>
        {formatDay(lang, exception.date, { weekday: 'short', day: 'numeric', month: 'short' })}
      </Table.Td>
      <Table.Td>
        {name} <bdi dir="ltr">({exception.employee.employeeNumber})</bdi>
      </Table.Td>
      <Table.Td>
        <Badge
          color={exception.kind === 'NO_SHOW' ? 'red' : 'orange'}
          styles={{ label: { overflow: 'visible' } }}
        >
          {t(`reconciliation.exceptions.kind.${exception.kind}`)}
        </Badge>
      </Table.Td>
      <Table.Td>
        {planned ? (
          <>
            {names.shift(planned.code)} · {names.terminal(planned.terminalCode)}{' '}
            <bdi dir="ltr">
              {planned.start}–{planned.end}
            </bdi>
          </>
        ) : (
          '—'
        )}
        {worked && (
          <Text size="xs" c="dimmed" data-testid="worked-shift">
            {t('reconciliation.exceptions.worked')} {names.shift(worked.code)}{' '}
            <bdi dir="ltr">
              {worked.start}–{worked.end}
            </bdi>
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <bdi dir="ltr">
          {exception.Time_In === null && exception.Time_Out === null
            ? '—'
            : `${exception.Time_In ?? '—'}–${exception.Time_Out ?? '—'}`}
        </bdi>
      </Table.Td>
      <Table.Td>{exception.minutes === null ? '—' : formatNumber(lang, exception.minutes)}</Table.Td>
      <Table.Td>
        {exception.status === 'OPEN' ? (
          <Badge color="gray" styles={{ label: { overflow: 'visible' } }}>
            {t('reconciliation.exceptions.status.OPEN')}
          </Badge>
        ) : (
          <Stack gap={2}>
            <Badge
              color={exception.resolution === 'JUSTIFIED' ? 'green' : 'red'}
              styles={{ label: { overflow: 'visible' } }}
            >
              {t(
                exception.resolution === 'JUSTIFIED'
                  ? 'reconciliation.exceptions.resolution.JUSTIFIED'
                  : 'reconciliation.exceptions.resolution.UNJUSTIFIED',
              )}
            </Badge>
            {exception.comment && (
              <Text
                size="xs"
                c="dimmed"
                data-testid="exception-comment"
                style={{ whiteSpace: 'normal', minWidth: 160 }}
              >
                “{exception.comment}”
              </Text>
            )}
          </Stack>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
