import { useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';
import { invalidate } from '../../../lib/api/invalidate';
import { useMutation } from '../../../lib/api/mutation';
import { session } from '../../../lib/auth/session';

export type LoginRequest = Schemas['LoginRequest'];
export type LoginResult = Schemas['LoginSession'];

/** Signs in. Invalidates nothing: the session starts empty and every query of a session is new. */
export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginRequest) => call(api.POST('/api/auth/login', { body })),
  });
}

/**
 * Changes the caller's password. The change ends every older token, so the answer's new token becomes
 * the session's; then invalidates the profile (its `mustChangePassword` goes false).
 */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['ChangePasswordRequest']) =>
      call(api.POST('/api/auth/change-password', { body })),
    onSuccess: (answer) => {
      const current = session.get();
      session.start({ token: answer.token, expiresAt: answer.ExpiresAt, username: current?.username ?? '' });
      return invalidate(client, ['profile']);
    },
  });
}
