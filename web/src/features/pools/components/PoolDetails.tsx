import { Alert, Button, Group, SimpleGrid, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../lib/api/client';
import { usePermissions } from '../../../lib/auth/permissions';
import { deep } from '../../../lib/colors';
import { useT } from '../../../lib/i18n/I18nProvider';
import { type Pool, useUpdatePool } from '../api';
import { poolsProblem } from './problem';

/** A pool's names, description and state; making it the department's default moves the default here. */
export function PoolDetails({ pool }: { pool: Pool }) {
  const t = useT();
  const { has } = usePermissions();
  const update = useUpdatePool();
  const readOnly = !has('pool.write');
  const [english, setEnglish] = useState(pool.Name_1_English);
  const [arabic, setArabic] = useState(pool.Name_2_Arabic);
  const [description, setDescription] = useState(pool.description ?? '');
  const [isActive, setActive] = useState(pool.isActive);
  const [isDefault, setDefault] = useState(pool.isDefault);
  const [saved, setSaved] = useState(false);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setSaved(false);
    update.mutate(
      {
        pool,
        body: {
          Name_1_English: english.trim(),
          Name_2_Arabic: arabic.trim(),
          description: description.trim() || null,
          isActive,
          ...(isDefault && !pool.isDefault ? { isDefault: true } : {}),
        },
      },
      { onSuccess: () => setSaved(true) },
    );
  };
  return (
    <form onSubmit={submit} data-testid="pool-details">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('pools.details.english')}
          value={english}
          onChange={(event) => setEnglish(event.currentTarget.value)}
          readOnly={readOnly}
          required
          maxLength={200}
        />
        <TextInput
          label={t('pools.details.arabic')}
          value={arabic}
          onChange={(event) => setArabic(event.currentTarget.value)}
          readOnly={readOnly}
          required
          maxLength={200}
          dir="rtl"
        />
        <Textarea
          label={t('pools.details.description')}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          readOnly={readOnly}
          maxLength={2000}
          autosize
          minRows={1}
        />
        <Group gap="lg">
          <Switch
            label={t('pools.details.active')}
            checked={isActive}
            onChange={(event) => setActive(event.currentTarget.checked)}
            disabled={readOnly}
          />
          <Switch
            label={t('pools.details.default')}
            checked={isDefault}
            onChange={(event) => setDefault(event.currentTarget.checked)}
            disabled={readOnly || pool.isDefault}
          />
        </Group>
      </SimpleGrid>
      {update.error instanceof ApiError && (
        <Alert color="red" role="alert" mt="sm">
          {poolsProblem(t, update.error)}
        </Alert>
      )}
      {saved && (
        <Text role="status" c={deep('green')} size="sm" mt="sm">
          {t('pools.details.saved')}
        </Text>
      )}
      {!readOnly && (
        <Button type="submit" mt="md" loading={update.isPending}>
          {t('pools.common.save')}
        </Button>
      )}
    </form>
  );
}
