import { lazy, Suspense, useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorNotice, Loading } from '../components/QueryState';
import { useSettings } from '../features/platform/api';
import { useUnitChanges } from '../lib/api/changes';
import { ApiError } from '../lib/api/client';
import { useProfile, useUpdateProfile } from '../lib/api/profile';
import { PermissionsProvider } from '../lib/auth/permissions';
import { session } from '../lib/auth/session';
import { useSession } from '../lib/auth/useSession';
import { WEEKDAYS } from '../lib/dates';
import { language } from '../lib/i18n/language';
import { useOnline } from '../lib/offline/copies';
import { DEFAULT_UNIT, UnitProvider } from '../lib/unit';
import { OfflineFrame, PasswordFirstFrame, Shell } from './Shell';

/** What a session reads without a network: one's own roster (its chunk is in the worker's shell). */
const OfflineRoster = lazy(() => import('../features/me/routes/MyRosterPage'));

/** Where a session's screens live: without a session, the login screen, which brings the person back. */
export function SessionLayout() {
  const current = useSession();
  const location = useLocation();
  if (!current) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`} replace />;
  }
  return <SignedIn expiresAt={current.expiresAt} />;
}

function SignedIn({ expiresAt }: { expiresAt: string }) {
  const location = useLocation();
  const profile = useProfile();
  const online = useOnline();
  // Until a first or reset password is changed the service answers nothing else.
  const settings = useSettings(profile.data !== undefined && !profile.data.mustChangePassword);
  const applied = useRef(false);
  useUnitChanges(profile.data !== undefined && !profile.data.mustChangePassword);

  // The token lives 8 hours and is never refreshed: at its end the person signs in again.
  useEffect(() => {
    const timer = setTimeout(() => session.end('expired'), Math.max(0, Date.parse(expiresAt) - Date.now()));
    return () => clearTimeout(timer);
  }, [expiresAt]);

  // The language signed in in wins and becomes the profile's; a session without one (restored from
  // before) takes the profile's. The switch keeps both in step afterwards.
  const saveLanguage = useUpdateProfile();
  useEffect(() => {
    if (!profile.data || applied.current) return;
    applied.current = true;
    const signedInIn = session.get()?.language;
    if (!signedInIn) language.set(profile.data.preferredLanguage);
    else if (signedInIn !== profile.data.preferredLanguage && !profile.data.mustChangePassword)
      saveLanguage.mutate({ preferredLanguage: signedInIn });
  }, [profile.data, saveLanguage]);

  // The profile is not kept on the device: without it and without a network, the offline copy.
  if (!profile.data && (!online || (profile.error && !(profile.error instanceof ApiError))))
    return (
      <OfflineFrame>
        <Suspense fallback={<Loading />}>
          <OfflineRoster />
        </Suspense>
      </OfflineFrame>
    );
  if (profile.error) return <ErrorNotice error={profile.error} />;
  if (!profile.data) return <Loading fullHeight />;
  if (profile.data.mustChangePassword) {
    if (location.pathname !== '/change-password') {
      const next = `${location.pathname}${location.search}`;
      return <Navigate to={`/change-password?next=${encodeURIComponent(next)}`} replace />;
    }
    // Nothing but the change itself: the navigation and the bell would only meet refusals.
    return (
      <PasswordFirstFrame>
        <Outlet />
      </PasswordFirstFrame>
    );
  }
  const values = settings.data;
  const unit = values
    ? {
        timeZone: values.timezone,
        weekStart: WEEKDAYS.indexOf(values.weekStart),
        weekendDays: values.weekendDays.map((day) => WEEKDAYS.indexOf(day)),
      }
    : DEFAULT_UNIT;
  return (
    <PermissionsProvider permissions={profile.data.permissions}>
      <UnitProvider unit={unit}>
        <Shell profile={profile.data}>
          <Outlet />
        </Shell>
      </UnitProvider>
    </PermissionsProvider>
  );
}
