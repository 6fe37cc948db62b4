import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TRestConfigValue, TRestSettingName } from '@ra/shared/auth/auth.schemas';
import type { TBusinessSettings, TUpdateSettingsRequest } from '@ra/shared/business/business.schemas';
import { get, post } from '../../../lib/request.ts';

const keys = {
  settings: ['settings', 'sections'] as const,
  named: (names: readonly string[]) => ['settings', 'named', ...names] as const,
};

/** GET /api/business/settings: the POS, kiosk and online-ordering sections. */
export function useBusinessSettings() {
  return useQuery({
    queryKey: keys.settings,
    queryFn: ({ signal }) => get<TBusinessSettings>('/api/business/settings', { signal, silent: true }),
    staleTime: 0,
  });
}

/** POST /api/business/settings (one section whole), then clearrestcacheLite as the SPEC 7 client does. */
export function useUpdateSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: TUpdateSettingsRequest) => {
      const saved = await post<TBusinessSettings>('/api/business/settings', input, { silent: true });
      await post('/api/clearrestcacheLite', undefined, { silent: true });
      return saved;
    },
    onSuccess: (saved) => {
      client.setQueryData(keys.settings, saved);
      void client.invalidateQueries({ queryKey: ['business'] });
    },
  });
}

/** SPEC 7 getRestConfig, for several names at once. */
export function useNamedSettings(names: readonly TRestSettingName[]) {
  return useQuery({
    queryKey: keys.named(names),
    queryFn: async ({ signal }) => {
      const answers = await Promise.all(
        names.map((name) => post<TRestConfigValue>('/api/getRestConfig', { name }, { signal, silent: true })),
      );
      return Object.fromEntries(answers.map((a) => [a.name, a.value ?? ''])) as Record<string, string>;
    },
    staleTime: 0,
  });
}

/** SPEC 7 updateRestConfig, one call per changed name. */
export function useUpdateNamedSettings(names: readonly TRestSettingName[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (changes: Record<string, string>) => {
      for (const [name, value] of Object.entries(changes))
        await post('/api/updateRestConfig', { name, value }, { silent: true });
      await post('/api/clearrestcacheLite', undefined, { silent: true });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: keys.named(names) }),
  });
}
