import { Alert } from '@mantine/core';
import { Outlet } from 'react-router';
import { Loading } from '../components/QueryState';
import { useProfile } from '../lib/api/profile';
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

/**
 * The employee's own screens (roster, leave, attendance, swaps…) read the employee record the account is
 * linked to: an account without one is told so plainly, and who can link it, rather than shown an empty
 * roster.
 */
export function RequireLinkedEmployee() {
  const t = useT();
  const profile = useProfile();
  if (!profile.data) return <Loading />;
  if (profile.data.employeeId === null)
    return (
      <Alert
        color="orange"
        title={t('common.noEmployee.title')}
        role="alert"
        data-testid="no-linked-employee"
      >
        {t('common.noEmployee.body')}
      </Alert>
    );
  return <Outlet />;
}
