import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';
import { invalidate } from '../../../lib/api/invalidate';
import { keys } from '../../../lib/api/keys';
import { useMutation } from '../../../lib/api/mutation';

export type User = Schemas['User'];
export type Grant = Schemas['Grant'];

export const USERS_PAGE_SIZE = 25;

/** A page of users, matching part of a username or display name; the previous page stays while the next loads. */
export function useUsers(q: string, page: number) {
  return useQuery({
    queryKey: keys.users.list(q, page),
    queryFn: () =>
      call(
        api.GET('/api/users', {
          params: { query: { page, pageSize: USERS_PAGE_SIZE, ...(q ? { q } : {}) } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Accounts opened by the employee import without a password yet, matching `q` (one call's worth at most). */
export function useAccountsAwaitingFirstPassword(q: string) {
  return useQuery({
    queryKey: keys.users.awaitingFirstPassword(q),
    queryFn: () =>
      call(
        api.GET('/api/users', {
          params: { query: { awaitingFirstPassword: true, pageSize: 200, ...(q ? { q } : {}) } },
        }),
      ),
  });
}

export function useUser(id: string) {
  return useQuery({
    queryKey: keys.users.one(id),
    queryFn: () => call(api.GET('/api/users/{id}', { params: { path: { id } } })),
  });
}

export function useLoginHistory(id: string, page: number) {
  return useQuery({
    queryKey: keys.users.logins(id, page),
    queryFn: () =>
      call(
        api.GET('/api/users/{id}/login-history', {
          params: { path: { id }, query: { page, pageSize: 10 } },
        }),
      ),
    placeholderData: keepPreviousData,
    // Sign-ins happen elsewhere: an administrator opening the account reads them fresh, not from the cache.
    staleTime: 0,
  });
}

/** Any change to users refreshes every user list and record. */
function useUserMutation<A, R>(mutationFn: (argument: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => invalidate(client, ['users']),
  });
}

export const useCreateUser = () =>
  useUserMutation((body: Schemas['NewUser']) => call(api.POST('/api/users', { body })));

export const useUpdateUser = () =>
  useUserMutation(({ user, body }: { user: User; body: Schemas['UserUpdate'] }) =>
    call(
      api.PATCH('/api/users/{id}', {
        params: { path: { id: user.id }, header: { 'If-Match': `"${user.version}"` } },
        body,
      }),
    ),
  );

export const useLockUser = () =>
  useUserMutation(({ id, reason }: { id: string; reason: string }) =>
    call(api.POST('/api/users/{id}/lock', { params: { path: { id } }, body: reason ? { reason } : {} })),
  );

export const useUnlockUser = () =>
  useUserMutation((id: string) => call(api.POST('/api/users/{id}/unlock', { params: { path: { id } } })));

export const useResetPassword = () =>
  useUserMutation(({ id, newPassword }: { id: string; newPassword: string }) =>
    call(
      api.POST('/api/users/{id}/reset-password', {
        params: { path: { id } },
        body: newPassword ? { newPassword } : {},
      }),
    ),
  );

/** First passwords of the accounts named, each in the answer only: the screen shows them once. */
export const useIssueFirstPasswords = () =>
  useUserMutation((userIds: string[]) => call(api.POST('/api/users/first-passwords', { body: { userIds } })));

export const useGrantRole = () =>
  useUserMutation(({ userId, body }: { userId: string; body: Schemas['GrantRequest'] }) =>
    call(api.POST('/api/users/{userId}/roles', { params: { path: { userId } }, body })),
  );

export const useRevokeGrant = () =>
  useUserMutation(({ userId, userRoleId }: { userId: string; userRoleId: string }) =>
    call(api.DELETE('/api/users/{userId}/roles/{userRoleId}', { params: { path: { userId, userRoleId } } })),
  );
