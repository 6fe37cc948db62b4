import { useQuery } from '@tanstack/react-query';
import type { TProviderStatus } from '@ra/shared/providers/providers.schemas';
import { get } from '../../../lib/request.ts';

export const providerKeys = { all: ['providers'] as const, status: () => [...providerKeys.all, 'status'] as const };

/**
 * GET /api/admin/providers (platform staff): which provider each adapter uses and whether it answers
 * now. Each load is a live check (the server calls the providers), so nothing is cached for long.
 */
export function useProviderStatus() {
  return useQuery({
    queryKey: providerKeys.status(),
    queryFn: ({ signal }) => get<TProviderStatus>('/api/admin/providers', { signal, silent: true }),
    staleTime: 0,
    retry: false,
  });
}
