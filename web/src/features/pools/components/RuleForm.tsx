import {
  Alert,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import { DayInput } from '../../../components/DayInput';
import { ApiError } from '../../../lib/api/client';
import { useAllSkills } from '../../../lib/api/people';
import { localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { type LendingRule, type Pool, useSaveRule } from '../api';
import { poolsProblem } from './problem';

/**
 * A lending rule's window, skills, daily cap and description; a new rule also names its two pools (the
 * pool on screen on one side). Saving a change sends the version read as `If-Match`.
 */
export function RuleForm({
  rule,
  pool,
  pools,
  onDone,
}: {
  rule: LendingRule | null;
  pool: Pool;
  pools: readonly Pool[];
  onDone: () => void;
}) {
  const t = useT();
  const lang = useLanguage();
  const skills = useAllSkills();
  const save = useSaveRule();
  const [sourcePoolId, setSource] = useState<string | null>(rule?.sourcePoolId ?? null);
  const [targetPoolId, setTarget] = useState<string | null>(rule?.targetPoolId ?? pool.id);
  const [effectiveFrom, setFrom] = useState(rule?.effectiveFrom ?? '');
  const [effectiveTo, setTo] = useState(rule?.effectiveTo ?? '');
  const [skillCodes, setSkills] = useState<string[]>(rule?.skills.map((skill) => skill.code) ?? []);
  const [maxPerDay, setMax] = useState<number | ''>(rule?.maxPerDay ?? '');
  const [description, setDescription] = useState(rule?.description ?? '');
  const poolChoices = pools.map((p) => ({ value: p.id, label: `${p.code} · ${localName(lang, p)}` }));
  const ready = effectiveFrom !== '' && (rule !== null || (sourcePoolId !== null && targetPoolId !== null));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    const fields = {
      effectiveFrom,
      effectiveTo: effectiveTo || null,
      skills: skillCodes,
      maxPerDay: maxPerDay === '' ? null : maxPerDay,
      description: description.trim() || null,
    };
    save.mutate(
      rule
        ? { rule, body: fields }
        : { rule: null, body: { ...fields, sourcePoolId: sourcePoolId!, targetPoolId: targetPoolId! } },
      { onSuccess: onDone },
    );
  };
  return (
    <Paper withBorder p="md" my="sm" component="form" onSubmit={submit} data-testid="rule-form">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {rule === null && (
          <>
            <Select
              label={t('pools.rule.source')}
              data={poolChoices}
              value={sourcePoolId}
              onChange={setSource}
              searchable
              required
              data-testid="rule-source"
            />
            <Select
              label={t('pools.rule.target')}
              data={poolChoices}
              value={targetPoolId}
              onChange={setTarget}
              searchable
              required
              data-testid="rule-target"
            />
          </>
        )}
        <DayInput
          label={t('pools.rule.from')}
          value={effectiveFrom}
          onChange={setFrom}
          required
          data-testid="rule-from"
        />
        <DayInput
          label={t('pools.rule.to')}
          description={t('pools.rule.toHint')}
          value={effectiveTo}
          min={effectiveFrom || undefined}
          onChange={setTo}
          data-testid="rule-to"
        />
        <MultiSelect
          label={t('pools.rule.skills')}
          description={t('pools.rule.skillsHint')}
          data={(skills.data ?? []).map((skill) => ({ value: skill.code, label: localName(lang, skill) }))}
          value={skillCodes}
          onChange={setSkills}
          searchable
          clearable
        />
        <NumberInput
          label={t('pools.rule.cap')}
          description={t('pools.rule.capHint')}
          value={maxPerDay}
          onChange={(value) => setMax(typeof value === 'number' ? value : '')}
          min={1}
          max={100_000}
          allowDecimal={false}
          allowNegative={false}
          data-testid="rule-cap"
        />
        <Textarea
          label={t('pools.rule.description')}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          maxLength={2000}
          autosize
          minRows={1}
        />
      </SimpleGrid>
      {save.error && (
        <Alert color="red" role="alert" mt="sm">
          {save.error instanceof ApiError ? poolsProblem(t, save.error) : t('error.network')}
        </Alert>
      )}
      <Group mt="md" gap="sm">
        <Button type="submit" disabled={!ready} loading={save.isPending} data-testid="rule-save">
          {t('pools.common.save')}
        </Button>
        <Button variant="default" onClick={onDone}>
          {t('pools.common.cancel')}
        </Button>
      </Group>
    </Paper>
  );
}
