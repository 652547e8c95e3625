import { Alert, CloseButton, Group } from '@mantine/core';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { announcements } from '../lib/announcements';
import { useT } from '../lib/i18n/I18nProvider';

/** The last decision's message, read out by screen readers (a status), gone when the person moves on. */
export function Announcement() {
  const t = useT();
  const said = useSyncExternalStore(announcements.subscribe, announcements.current);
  const { pathname } = useLocation();
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (said) shownOn.current = pathname;
  }, [said, pathname]);
  useEffect(() => {
    if (pathname !== shownOn.current) announcements.clear();
  }, [pathname]);
  if (!said) return null;
  return (
    <Alert color="green" role="status" mb="md" data-testid="announcement">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <span>{said.text}</span>
        <CloseButton size="sm" aria-label={t('common.close')} onClick={() => announcements.clear()} />
      </Group>
    </Alert>
  );
}
