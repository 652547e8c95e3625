import { Alert } from '@mantine/core';
import { Outlet } from 'react-router';
import { usePermissions } from '../lib/auth/permissions';
import { useT } from '../lib/i18n/I18nProvider';

/** A screen the caller's permissions do not allow reads as a refusal (a deep link may lead there). */
export function RequirePermission({ permission }: { permission: string }) {
  const t = useT();
  const { has } = usePermissions();
  if (!has(permission))
    return (
      <Alert color="orange" title={t('error.forbidden.title')} role="alert">
        {t('error.forbidden.body')}
      </Alert>
    );
  return <Outlet />;
}
