import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';
import { invalidate } from '../../../lib/api/invalidate';
import { keys } from '../../../lib/api/keys';
import { useMutation } from '../../../lib/api/mutation';

export type MyAvailability = Schemas['MyAvailability'];
export type Unavailability = Schemas['Unavailability'];
export type WorkPreference = Schemas['WorkPreference'];
export type AvailabilityLimits = Schemas['AvailabilityLimits'];
export type Weekday = NonNullable<Schemas['NewUnavailability']['weekdays']>[number];

/** The caller's own wishes over a month, the unit's limits and which wishes the roster grants. */
export function useMyAvailability(from: string, to: string) {
  return useQuery({
    queryKey: keys.availability.mine(from, to),
    queryFn: () => call(api.GET('/api/me/availability', { params: { query: { from, to } } })),
    // The forms stay in place (with what they just said) while another month loads.
    placeholderData: keepPreviousData,
  });
}

/** The unit's shift types, to narrow a preference to one. */
export function useShiftTypes() {
  return useQuery({
    queryKey: keys.shifts.types(),
    queryFn: async () =>
      (await call(api.GET('/api/shift-types', { params: { query: { pageSize: 100 } } }))).items,
  });
}

/** Each change refreshes the caller's wishes (every month) and the planners' grids' marks. */
function useWishMutation<T>(send: (body: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => {
      void invalidate(client, ['availability']);
    },
  });
}

export const useAddUnavailability = () =>
  useWishMutation((body: Schemas['NewUnavailability']) =>
    call(api.POST('/api/me/availability/unavailability', { body })),
  );

export const useRemoveUnavailability = () =>
  useWishMutation((id: string) =>
    call(api.DELETE('/api/me/availability/unavailability/{id}', { params: { path: { id } } })),
  );

export const useAddPreference = () =>
  useWishMutation((body: Schemas['NewWorkPreference']) =>
    call(api.POST('/api/me/availability/preferences', { body })),
  );

export const useRemovePreference = () =>
  useWishMutation((id: string) =>
    call(api.DELETE('/api/me/availability/preferences/{id}', { params: { path: { id } } })),
  );
