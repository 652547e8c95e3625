import { api, call } from './client';
import { keys } from './keys';

/** The read of the unit's settings, which the shell (the unit's calendar) and their screen share. */
export const settingsQuery = {
  queryKey: keys.platform.settings(),
  queryFn: () => call(api.GET('/api/settings')),
};
