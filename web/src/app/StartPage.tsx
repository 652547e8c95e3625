import { Navigate } from 'react-router';
import { usePermissions } from '../lib/auth/permissions';
import { paths } from '../lib/paths';

/** `/`: the dashboard for those who have one, else one's own roster. */
export function StartPage() {
  const { has } = usePermissions();
  return <Navigate to={has('dashboard.view') ? paths.dashboard : paths.myRoster} replace />;
}
