import { Alert, Anchor, Badge, Button, Group, Select, Switch, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { ApiError } from '../../../lib/api/client';
import { keys } from '../../../lib/api/keys';
import { useCatalogue, useDepartments, useShiftTemplates } from '../../../lib/api/lookups';
import { useAllSkills } from '../../../lib/api/people';
import { usePermissions } from '../../../lib/auth/permissions';
import { formatDay, formatNumber, localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { unsaved } from '../../../lib/unsaved-changes';
import {
  type DemandPlanDetail,
  fetchPlan,
  nextStatuses,
  type PlanStatus,
  useDemandPlan,
  useUpdatePlan,
} from '../api';
import { DemandMatrix, type MatrixLabels, useTotals } from '../components/DemandMatrix';
import { keepDraft, readDraft } from '../components/drafts';
import { EditStore } from '../components/editStore';
import {
  type Column,
  matrixRows,
  type PasteResult,
  pendingCells,
  rebase,
  type StaleChange,
  staleDiff,
  storedCells,
} from '../components/matrixModel';
import { demandProblem } from '../components/problem';
import { StaleNotice } from '../components/StaleNotice';
import { StatusBadge, statusLabel } from '../components/StatusBadge';
import { TemplatePanel } from '../components/TemplatePanel';

export default function DemandPlanPage() {
  const { id = '' } = useParams();
  const plan = useDemandPlan(id);
  return <QueryState query={plan}>{plan.data && <PlanEditor plan={plan.data} />}</QueryState>;
}

const unique = (values: Iterable<string>) => [...new Set(values)];

function PlanEditor({ plan: latest }: { plan: DemandPlanDetail }) {
  const t = useT();
  const lang = useLanguage();
  const client = useQueryClient();
  const { has } = usePermissions();
  const [search, setSearch] = useSearchParams();
  const terminals = useCatalogue('terminals');
  const shifts = useShiftTemplates();
  const skills = useAllSkills();
  const update = useUpdatePlan(latest.id);
  const departments = useDepartments();
  const department = departments.data?.get(latest.departmentId);
  // The department's name in the reader's language (a Latin code would lead an Arabic line astray).
  const departmentName = department ? localName(lang, department) : latest.departmentCode;

  // While cells are typed the plan stays the version they were typed on: a change by someone else that
  // arrives meanwhile (the unit's change stream reads the plan again) meets If-Match at the save and is
  // shown cell by cell, never silently merged. A change made here (a save, a status, the choice after a
  // conflict: their answers; a template: the read after it) is followed at once, and so is any change
  // while nothing is typed.
  const [plan, setPlan] = useState(latest);
  const followNext = useRef(false);
  const follow = () => {
    followNext.current = true;
  };
  const stored = useMemo(() => storedCells(plan.lines), [plan.lines]);
  // Edits typed before the tab reloaded or the session ended come back (drafts.ts).
  const [store] = useState(() => new EditStore(stored, rebase(stored, readDraft(plan.id))));
  // A new answer (save, template, reload) becomes the stored cells; edits it already holds drop out.
  useLayoutEffect(() => {
    if (store.stored !== stored) store.reset(stored, rebase(stored, store.edits));
  }, [store, stored]);
  const pending = useSyncExternalStore(store.subscribe, () => store.edits.size);
  useEffect(() => {
    if (latest === plan) return;
    if (followNext.current || pending === 0) {
      followNext.current = false;
      setPlan(latest);
    }
  }, [latest, plan, pending]);
  // Unsaved cells are asked about before leaving, and kept in this tab meanwhile.
  useEffect(() => unsaved.set(pending > 0), [pending]);
  useEffect(() => {
    const stop = store.subscribe(() => keepDraft(plan.id, store.edits));
    return () => {
      stop();
    };
  }, [plan.id, store]);
  useEffect(() => () => unsaved.set(false), []);

  const [stale, setStale] = useState<{ plan: DemandPlanDetail; changes: StaleChange[] } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [templateOpen, setTemplateOpen] = useState(search.has('template'));
  const [unfolded, setUnfolded] = useState<ReadonlySet<string>>(new Set());
  const [allUnfolded, setAllUnfolded] = useState(false);
  const [addedSkills, setAddedSkills] = useState<string[]>([]);
  const [archiving, setArchiving] = useState(false);

  const editable = has('demand.write') && (plan.Status === 'Draft' || plan.Status === 'Approved');

  const columns = useMemo<Column[]>(() => {
    const activeTerminals = (terminals.data ?? []).filter((row) => row.isActive).map((row) => row.code);
    const activeShifts = [...(shifts.data ?? [])]
      .filter((row) => row.isActive && row.durationHours > 0)
      .sort((a, b) => a.startTime.localeCompare(b.startTime))
      .map((row) => row.code);
    const terminalCodes = unique([...activeTerminals.sort(), ...plan.lines.map((line) => line.terminalCode)]);
    const shiftCodes = unique([...activeShifts, ...plan.lines.map((line) => line.shiftTemplateCode)]);
    return terminalCodes.flatMap((terminal) => shiftCodes.map((shift) => ({ terminal, shift })));
  }, [terminals.data, shifts.data, plan.lines]);
  const skillCodes = useMemo(
    () =>
      unique([
        ...plan.lines.flatMap((line) => (line.skillCode ? [line.skillCode] : [])),
        ...addedSkills,
      ]).sort(),
    [plan.lines, addedSkills],
  );
  const rows = useMemo(
    () => matrixRows(plan.matrix.dates, skillCodes, (date) => allUnfolded || unfolded.has(date)),
    [plan.matrix.dates, skillCodes, allUnfolded, unfolded],
  );

  const labels = useMemo<MatrixLabels>(() => {
    const terminalNames = new Map((terminals.data ?? []).map((row) => [row.code, localName(lang, row)]));
    const shiftNames = new Map((shifts.data ?? []).map((row) => [row.code, localName(lang, row)]));
    const skillNames = new Map((skills.data ?? []).map((row) => [row.code, localName(lang, row)]));
    return {
      date: (date) => formatDay(lang, date, { weekday: 'short', day: 'numeric', month: 'short' }),
      terminal: (code) => terminalNames.get(code) ?? code,
      shift: (code) => shiftNames.get(code) ?? code,
      skill: (code) => skillNames.get(code) ?? code,
    };
  }, [terminals.data, shifts.data, skills.data, lang]);

  const save = () => {
    const cells = pendingCells(store.stored, store.edits);
    if (cells.length === 0) return;
    setNotice(null);
    // The answer itself is followed, not the next change to arrive: someone else's save that the change
    // stream brings in before the 412 would otherwise become the base the conflict is shown against.
    update.mutate(
      { version: plan.version, body: { cells } },
      {
        onSuccess: (saved) => {
          setPlan(saved);
          setNotice(t('demand.save.done', { count: cells.length, version: saved.version }));
        },
        onError: async (error) => {
          if (error instanceof ApiError && error.status === 412) {
            const server = await fetchPlan(plan.id);
            setStale({
              plan: server,
              changes: staleDiff(store.stored, storedCells(server.lines), store.edits),
            });
          }
        },
      },
    );
  };

  const adopt = (server: DemandPlanDetail, keepEdits: boolean) => {
    const edits = keepEdits ? rebase(storedCells(server.lines), store.edits) : new Map<string, number>();
    if (!keepEdits) store.reset(store.stored);
    else store.edits = edits;
    setStale(null);
    update.reset();
    setPlan(server);
    client.setQueryData(keys.demand.plan(plan.id), server);
  };

  const changeStatus = (status: PlanStatus) => {
    setNotice(null);
    update.mutate(
      { version: plan.version, body: { status } },
      {
        onSuccess: (changed) => {
          setPlan(changed);
          setNotice(t('demand.status.changed', { status: statusLabel(t, status) }));
        },
        onError: async (error) => {
          if (error instanceof ApiError && error.status === 412) adopt(await fetchPlan(plan.id), false);
        },
      },
    );
  };

  const onPaste = (result: PasteResult) =>
    setNotice(
      t('demand.paste.done', {
        count: result.edits.length,
        rejected: result.rejected,
        clipped: result.clipped,
      }),
    );

  const closeTemplate = () => {
    setTemplateOpen(false);
    if (search.has('template')) setSearch({}, { replace: true });
  };

  const saveError = update.error instanceof ApiError && update.error.status !== 412 ? update.error : null;
  const skillChoices = (skills.data ?? []).filter(
    (skill) => skill.isActive && !skillCodes.includes(skill.code),
  );

  return (
    <>
      <Anchor component={Link} to="/demand/plans" size="sm">
        {t('demand.plan.back')}
      </Anchor>
      <PageHeader
        title={plan.name}
        description={`${departmentName} · ${formatDay(lang, plan.from)} – ${formatDay(lang, plan.to)}`}
        actions={
          has('demand.write') ? (
            <Group gap="xs">
              {nextStatuses(plan.Status).map((status) => (
                <Button
                  key={status}
                  variant={status === 'Archived' ? 'default' : 'light'}
                  color={status === 'Archived' ? 'gray' : 'blue'}
                  disabled={pending > 0 || update.isPending}
                  onClick={() => (status === 'Archived' ? setArchiving(true) : changeStatus(status))}
                  data-testid={`status-${status}`}
                >
                  {t(`demand.status.to.${status}` as 'demand.status.to.Approved')}
                </Button>
              ))}
            </Group>
          ) : null
        }
      />
      <ConfirmDialog
        opened={archiving}
        title={t('demand.archive.confirmTitle')}
        confirmLabel={t('demand.status.to.Archived')}
        onCancel={() => setArchiving(false)}
        onConfirm={() => {
          setArchiving(false);
          changeStatus('Archived');
        }}
      >
        {t('demand.archive.confirmBody')}
      </ConfirmDialog>
      <Group gap="sm" mb="sm" wrap="wrap">
        <StatusBadge status={plan.Status} />
        <Badge variant="outline" color="gray">
          {t('demand.plan.version', { version: plan.version })}
        </Badge>
        <ShiftTotals store={store} labels={labels} />
      </Group>
      {!editable && (
        <Text size="sm" c="gray.8" mb="sm" data-testid="read-only">
          {has('demand.write') ? t('demand.plan.frozen') : t('demand.plan.readOnly')}
        </Text>
      )}
      {stale && (
        <StaleNotice
          changes={stale.changes}
          labels={labels}
          onReload={() => adopt(stale.plan, false)}
          onReapply={() => adopt(stale.plan, true)}
        />
      )}
      {saveError && (
        <Alert color="red" role="alert" mb="sm">
          {demandProblem(t, saveError)}
        </Alert>
      )}
      {notice && (
        <Alert color="green" role="status" mb="sm" data-testid="plan-notice">
          {notice}
        </Alert>
      )}
      {templateOpen && editable && (
        <TemplatePanel
          plan={plan}
          labels={labels}
          initialTemplateId={search.get('template') ?? undefined}
          onClose={closeTemplate}
          onApplied={() => {
            follow();
            closeTemplate();
            setNotice(t('demand.template.applied'));
          }}
        />
      )}
      <Group gap="sm" mb="sm" wrap="wrap" align="flex-end">
        {editable && (
          <>
            <Button
              onClick={save}
              disabled={pending === 0 || stale !== null}
              loading={update.isPending}
              data-testid="save-plan"
            >
              {t('demand.save.button', { count: pending })}
            </Button>
            <Button
              variant="default"
              disabled={pending === 0}
              onClick={() => store.reset(store.stored)}
              data-testid="discard-edits"
            >
              {t('demand.save.discard')}
            </Button>
            {!templateOpen && (
              <Button
                variant="light"
                disabled={pending > 0}
                onClick={() => setTemplateOpen(true)}
                data-testid="open-template"
              >
                {t('demand.template.open')}
              </Button>
            )}
          </>
        )}
        {skillCodes.length > 0 && (
          <Switch
            label={t('demand.matrix.unfoldAll')}
            checked={allUnfolded}
            onChange={(event) => setAllUnfolded(event.currentTarget.checked)}
            data-testid="unfold-all"
          />
        )}
        {editable && skillChoices.length > 0 && (
          <Select
            label={t('demand.matrix.addSkill')}
            placeholder={t('demand.matrix.addSkillPlaceholder')}
            data={skillChoices.map((skill) => ({ value: skill.code, label: localName(lang, skill) }))}
            value={null}
            onChange={(code) => {
              if (!code) return;
              setAddedSkills((current) => [...current, code]);
              setAllUnfolded(true);
            }}
            w={220}
          />
        )}
      </Group>
      <DemandMatrix
        rows={rows}
        columns={columns}
        store={store}
        readOnly={!editable}
        labels={labels}
        unfolded={skillCodes.length > 0 ? (date) => allUnfolded || unfolded.has(date) : undefined}
        onToggleDate={(date) =>
          setUnfolded((current) => {
            const next = new Set(current);
            if (next.has(date)) next.delete(date);
            else next.add(date);
            return next;
          })
        }
        onPaste={onPaste}
      />
    </>
  );
}

/** Required heads per shift over every terminal and date, with the plan's total. */
function ShiftTotals({ store, labels }: { store: EditStore; labels: MatrixLabels }) {
  const t = useT();
  const lang = useLanguage();
  const sums = useTotals(store);
  return (
    <Group
      gap={6}
      wrap="wrap"
      data-testid="shift-totals"
      aria-label={t('demand.matrix.shiftTotals')}
      role="group"
    >
      {[...sums.byShift].map(([shift, value]) => (
        <Badge key={shift} variant="light" color="indigo">
          {labels.shift(shift)}: {formatNumber(lang, value)}
        </Badge>
      ))}
      <Badge variant="filled" color="indigo" data-testid="plan-total">
        {t('demand.matrix.total', { total: formatNumber(lang, sums.total) })}
      </Badge>
    </Group>
  );
}
