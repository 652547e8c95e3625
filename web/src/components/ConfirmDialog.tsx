import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../lib/i18n/I18nProvider';

/**
 * The question before what cannot be undone (archive a plan, lock a run into the live roster, approve a
 * roster, lock an account): what will happen, in words, and a default that does nothing. A `field` is
 * what the person may add before confirming (an approval's comment).
 */
export function ConfirmDialog({
  opened,
  title,
  children,
  field,
  confirmLabel,
  color = 'red',
  loading = false,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  field?: ReactNode;
  confirmLabel: string;
  color?: string;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      centered
      lockScroll={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="confirm-dialog"
    >
      <Text size="sm">{children}</Text>
      {field}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel} data-autofocus>
          {t('common.cancel')}
        </Button>
        <Button color={color} onClick={onConfirm} loading={loading} data-testid="confirm-action">
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
