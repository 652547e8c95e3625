import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';

export type LoginRequest = Schemas['LoginRequest'];
export type LoginResult = Schemas['LoginResult'];

/** Signs in. Invalidates nothing: the session starts empty and every query of a session is new. */
export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginRequest) => call(api.POST('/api/auth/login', { body })),
  });
}

/** Changes the caller's password. Invalidates the profile (its `mustChangePassword` goes false). */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['ChangePasswordRequest']) =>
      call(api.POST('/api/auth/change-password', { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: ['me', 'profile'] }),
  });
}
