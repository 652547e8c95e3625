import { Alert, Button, Group, List, Switch, Text } from '@mantine/core';
import { useReasonName, useRefusalText } from '../../../components/RuleReasons';
import { useGridText } from '../../../components/roster-grid/gridText';
import { useCodeNames } from '../../../lib/api/lookups';
import { deep } from '../../../lib/colors';
import { formatDay, formatNumber, isolated } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import type { PendingEdit } from '../editing';
import type { EditProblem, RosterEditor } from '../roster-editor';

/**
 * Above the grid while editing: the switch into editing, how to edit with keys, the changes not saved
 * yet with undo and save, and why a change was not kept or could not be saved.
 */
export function EditToolbar({
  editor,
  editing,
  onEditing,
  canEdit,
}: {
  editor: RosterEditor;
  editing: boolean;
  onEditing: (on: boolean) => void;
  /** A department is chosen and the caller may edit its roster. */
  canEdit: boolean;
}) {
  const t = useT();
  const lang = useLanguage();
  const count = editor.pending.length;
  return (
    <>
      <Group gap="sm" wrap="wrap" data-testid="edit-toolbar">
        <Switch
          label={t('rosters.edit.toggle')}
          checked={editing}
          disabled={!canEdit || (editing && count > 0)}
          onChange={(event) => onEditing(event.currentTarget.checked)}
          data-testid="edit-toggle"
        />
        {!canEdit && (
          <Text size="sm" c="dimmed">
            {t('rosters.edit.chooseDepartment')}
          </Text>
        )}
        {editing && (
          <>
            <Button
              variant="default"
              size="xs"
              disabled={!editor.canUndo || editor.saving}
              onClick={editor.undo}
            >
              {t('rosters.edit.undo')}
            </Button>
            <Button variant="default" size="xs" disabled={!count || editor.saving} onClick={editor.discard}>
              {t('rosters.edit.discard')}
            </Button>
            <Button
              size="xs"
              disabled={!count || editor.checking}
              loading={editor.saving}
              onClick={() => void editor.submit()}
              data-testid="edit-save"
            >
              {t('rosters.edit.save', { count, n: formatNumber(lang, count) })}
            </Button>
          </>
        )}
      </Group>
      {editing && (
        <Text size="xs" c="dimmed" data-testid="edit-help">
          {t('rosters.edit.help')}
        </Text>
      )}
      {editor.saved !== null && (
        <Text size="sm" c={deep('green')} role="status" data-testid="edit-saved">
          {t('rosters.edit.saved', { count: editor.saved, n: formatNumber(lang, editor.saved) })}
        </Text>
      )}
      {editor.problems.length > 0 && (
        <Alert color="red" role="alert" data-testid="edit-problems" title={t('rosters.edit.problemsTitle')}>
          <List size="sm">
            {editor.problems.map((problem, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one answer's problems, never reordered
              <List.Item key={index}>
                <ProblemText problem={problem} />
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </>
  );
}

function ProblemText({ problem }: { problem: EditProblem }) {
  const t = useT();
  const lang = useLanguage();
  const text = useGridText();
  const names = useCodeNames();
  const reason = useReasonName();
  const refusal = useRefusalText();
  if (problem.kind === 'error') return <>{refusal(problem.error)}</>;
  const what = whatOf(problem.item, (item) =>
    t('rosters.edit.what', {
      who: isolated(text.employeeName(item.employee)),
      day: formatDay(lang, item.cell.date, { weekday: 'short', day: 'numeric', month: 'short' }),
      shift: names.shift(item.cell.shiftCode),
    }),
  );
  if (problem.kind === 'refused')
    return (
      <span data-testid="edit-refusal">
        {t('rosters.edit.refused', {
          what: what ?? t('rosters.edit.aChange'),
          rules: problem.reasons.map((code) => reason(code, problem.certification)).join('، '),
        })}
      </span>
    );
  return (
    <span data-testid="edit-conflict">
      {t(problem.kind === 'gone' ? 'rosters.edit.gone' : 'rosters.edit.occupied', {
        what: what ?? t('rosters.edit.aChange'),
        now: problem.current
          ? ` (${names.shift(problem.current.shiftTemplate.code)} · ${names.terminal(problem.current.terminal.code)})`
          : '',
      })}
    </span>
  );
}

const whatOf = (
  item: PendingEdit | null,
  describe: (placed: NonNullable<PendingEdit['placed']>) => string,
) => (item?.placed ? describe(item.placed) : null);
