import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSegment, TSegmentList, TSegmentRequest, TSegmentUpdate } from '@ra/shared/segments/segments.schemas';
import { del, get, post, put } from '../../../lib/request.ts';

const KEY = ['customers', 'segments'] as const;

/** The restaurant's saved segments, each with how many customers it matches now. */
export function useSegments() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => get<TSegmentList>('/api/customers/segments', { signal, silent: true }),
  });
}

export function useCreateSegment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TSegmentRequest) => post<TSegment>('/api/customers/segments', body, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useUpdateSegment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; change: TSegmentUpdate }) =>
      put<TSegment>(`/api/customers/segments/${v.id}`, v.change, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteSegment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => del<{ message: string }>(`/api/customers/segments/${id}`, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
