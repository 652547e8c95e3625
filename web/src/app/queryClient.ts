import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api/client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refusal or a missing object does not get better by asking again.
      retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
      refetchOnWindowFocus: true,
      staleTime: 15_000,
    },
  },
});

// The queries learn of the network from online and offline events only: a page loaded without one
// must know it at once, so that it waits rather than failing every read (its own roster aside).
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
