import { Alert, Button, Code, CopyButton, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Schemas } from '../../../lib/api/client';
import { useT } from '../../../lib/i18n/I18nProvider';
import { useAccountsAwaitingFirstPassword, useIssueFirstPasswords } from '../api/users';

type Issued = Schemas['FirstPasswordsIssued'];

/**
 * The accounts the employee import opened without a password, and their first passwords given in one go:
 * each shown once, in this dialog only, to be handed to its person and changed at the first sign-in. The
 * users' search narrows them (one import's people, one person), so one hands out only what one can.
 */
export function FirstPasswords({ q }: { q: string }) {
  const t = useT();
  const waiting = useAccountsAwaitingFirstPassword(q);
  const issue = useIssueFirstPasswords();
  const [issued, setIssued] = useState<Issued | null>(null);
  const accounts = waiting.data?.items ?? [];
  return (
    <>
      {accounts.length > 0 && (
        <Alert color="yellow" mb="md" title={t('admin.firstPasswords.title')} data-testid="first-passwords">
          <Text size="sm" mb="xs">
            {t('admin.firstPasswords.waiting', { count: waiting.data?.total ?? accounts.length })}
          </Text>
          <Button
            size="xs"
            loading={issue.isPending}
            onClick={() =>
              issue.mutate(
                accounts.map((account) => account.id),
                { onSuccess: setIssued },
              )
            }
            data-testid="issue-first-passwords"
          >
            {t('admin.firstPasswords.issue')}
          </Button>
        </Alert>
      )}
      <Modal
        opened={issued !== null}
        onClose={() => setIssued(null)}
        title={t('admin.firstPasswords.issuedTitle')}
        size="lg"
        lockScroll={false}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Text size="sm" mb="sm">
          {t('admin.firstPasswords.once')}
        </Text>
        {/* One block per person rather than a table: a password is never cut or scrolled at phone width. */}
        <Stack gap="xs" data-testid="issued-passwords">
          {issued?.issued.map(({ user, temporaryPassword }) => (
            <Paper key={user.id} withBorder p="xs" data-username={user.username}>
              <Text size="sm" fw={600}>
                {user.displayName} · <bdi dir="ltr">{user.username}</bdi>
              </Text>
              <Group gap="xs" mt={4}>
                <Text size="sm" c="dimmed">
                  {t('admin.firstPasswords.password')}
                </Text>
                <Code dir="ltr" fz="sm" data-testid="issued-password">
                  {temporaryPassword}
                </Code>
                <CopyButton value={temporaryPassword}>
                  {({ copied, copy }) => (
                    <Button size="compact-xs" variant="subtle" onClick={copy}>
                      {copied ? t('admin.firstPasswords.copied') : t('admin.firstPasswords.copy')}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Paper>
          ))}
        </Stack>
        {issued && issued.skipped.length > 0 && (
          <Text size="sm" mt="sm">
            {t('admin.firstPasswords.skipped', { count: issued.skipped.length })}
          </Text>
        )}
        <Group justify="flex-end" mt="md">
          <Button onClick={() => setIssued(null)} data-testid="first-passwords-done">
            {t('admin.firstPasswords.done')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
