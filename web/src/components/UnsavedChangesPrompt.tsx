import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect, useSyncExternalStore } from 'react';
import { useBlocker } from 'react-router';
import { useT } from '../lib/i18n/I18nProvider';
import { unsaved } from '../lib/unsaved-changes';

/**
 * Asks before unsaved changes are lost: a link or Back to another screen (the router waits for the
 * answer), signing out (`unsaved.confirm`), and a reload or a closed tab (the browser's own question).
 */
export function UnsavedChangesPrompt() {
  const t = useT();
  const dirty = useSyncExternalStore(unsaved.subscribe, unsaved.dirty);
  const asking = useSyncExternalStore(unsaved.subscribe, unsaved.asking);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void unsaved.confirm().then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
  return (
    <Modal
      opened={asking}
      onClose={() => unsaved.answer(false)}
      title={t('common.unsaved.title')}
      centered
      data-testid="unsaved-prompt"
    >
      <Text size="sm">{t('common.unsaved.body')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => unsaved.answer(false)} data-autofocus>
          {t('common.unsaved.stay')}
        </Button>
        <Button color="red" onClick={() => unsaved.answer(true)} data-testid="unsaved-leave">
          {t('common.unsaved.leave')}
        </Button>
      </Group>
    </Modal>
  );
}
