import { Alert, Button } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useRefusalText } from '../../../components/RuleReasons';
import { CellDetails, type OpenedCell } from '../../../components/roster-grid/CellDetails';
import { buildGrid, type GridEmployee, isNight, rowsOf } from '../../../components/roster-grid/gridModel';
import { useGridText } from '../../../components/roster-grid/gridText';
import { GridLegend, RosterGrid } from '../../../components/roster-grid/RosterGrid';
import { useWishMarks } from '../../../components/roster-grid/wishMarks';
import { usePermissions } from '../../../lib/auth/permissions';
import { weekday } from '../../../lib/dates';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { useUnit } from '../../../lib/unit';
import { type RosterGap, type Scope, type ShiftAssignment, useRemoveAssignment } from '../api';

/** The live roster as the grid, dates with gaps highlighted; Enter on a shift offers to remove it. */
export function LiveGrid({
  scope,
  assignments,
  employees,
  gaps,
}: {
  scope: Scope;
  assignments: ShiftAssignment[];
  employees: GridEmployee[];
  gaps: RosterGap[];
}) {
  const t = useT();
  const lang = useLanguage();
  const unit = useUnit();
  const { has } = usePermissions();
  const remove = useRemoveAssignment();
  const refusal = useRefusalText();
  const model = useMemo(
    () =>
      buildGrid(
        scope.from,
        scope.to,
        rowsOf(
          assignments,
          (a) => ({
            employee: a.employee,
            cell: {
              date: a.date,
              shiftCode: a.shiftTemplate.code,
              terminalCode: a.terminal.code,
              skillCode: a.skill?.code ?? null,
              night: isNight(a.shiftTemplate.start, a.shiftTemplate.end),
              lent: a.lendingRuleId !== null,
              assignmentId: a.id,
              demandLineId: a.demandLineId,
            },
          }),
          employees,
        ),
      ),
    [assignments, employees, scope.from, scope.to],
  );
  const gapsByDate = useMemo(() => {
    const byDate = new Map<string, number>();
    for (const gap of gaps) byDate.set(gap.date, (byDate.get(gap.date) ?? 0) + gap.missing);
    return byDate;
  }, [gaps]);
  const [opened, setOpened] = useState<OpenedCell | null>(null);
  const wishOf = useWishMarks(
    scope.departmentId,
    scope.from,
    scope.to,
    has('availability.view'),
    lang,
    (day) =>
      day.kind === 'unavailable'
        ? t('rosters.wish.unavailable', { reason: day.reason ?? '' })
        : t(`rosters.wish.${day.kind}`, { shift: day.shiftTypeCode ?? 'none' }),
  );
  const text = useGridText();
  const close = () => {
    remove.reset();
    setOpened(null);
  };
  return (
    <>
      <RosterGrid
        model={model}
        label={t('rosters.grid.label')}
        cornerLabel={t('common.employee')}
        {...text}
        dateLabel={(date) => {
          const gaps = gapsByDate.get(date) ?? 0;
          return gaps
            ? `${text.dateLabel(date)}: ${t('rosters.grid.gaps', { count: gaps })}`
            : text.dateLabel(date);
        }}
        isWeekend={(date) => unit.weekendDays.includes(weekday(date))}
        gapsByDate={gapsByDate}
        wishOf={wishOf}
        onOpen={(_at, cell, employee, date) => setOpened({ cell, employee, date })}
      />
      <GridLegend
        night={t('common.grid.night')}
        lent={t('common.grid.lent')}
        gap={t('rosters.grid.gapLegend')}
        wish={has('availability.view') ? t('rosters.wish.legend') : undefined}
      />
      <CellDetails
        opened={opened}
        onClose={close}
        actions={
          opened?.cell?.assignmentId &&
          has('roster.edit') && (
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate(opened.cell!.assignmentId!, { onSuccess: close })}
            >
              {t('rosters.remove')}
            </Button>
          )
        }
      >
        {remove.error && (
          <Alert color="red" role="alert">
            {refusal(remove.error)}
          </Alert>
        )}
      </CellDetails>
    </>
  );
}
