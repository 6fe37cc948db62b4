import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './request.ts';

/** One client for the app; cleared on logout and restaurant switch so no data crosses sessions. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // a 4xx will not change by asking again; network blips and 5xx get one retry
      retry: (failures, error) => failures < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
    },
    mutations: { retry: false },
  },
});
