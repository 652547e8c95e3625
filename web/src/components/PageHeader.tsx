import { Group, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useT } from '../lib/i18n/I18nProvider';

/** The screen's heading; it names the browser tab too. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  const t = useT();
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  return (
    <Group justify="space-between" align="flex-end" mb="md" wrap="wrap" gap="sm">
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description && (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        )}
      </div>
      {actions}
    </Group>
  );
}
