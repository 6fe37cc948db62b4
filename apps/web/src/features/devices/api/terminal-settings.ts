import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TTerminalSettings } from '@ra/shared/devices/devices.schemas';
import { get, put, type TRequestOptions } from '../../../lib/request.ts';
import { deviceKeys } from './query-keys.ts';

export type TTerminalSettingsAnswer = TTerminalSettings & { updatedAt: string | null };

/** GET the payment terminal settings (defaults until first saved). */
export function getTerminalSettings(opts?: TRequestOptions): Promise<TTerminalSettingsAnswer> {
  return get<TTerminalSettingsAnswer>('/api/devices/terminal-settings', { silent: true, ...opts });
}

export function useTerminalSettings() {
  return useQuery(
    queryOptions({ queryKey: deviceKeys.terminalSettings(), queryFn: ({ signal }) => getTerminalSettings({ signal }) }),
  );
}

/** PUT the payment terminal settings. */
export function saveTerminalSettings(body: TTerminalSettings): Promise<TTerminalSettingsAnswer> {
  return put<TTerminalSettingsAnswer>('/api/devices/terminal-settings', body, { silent: true });
}

export function useSaveTerminalSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveTerminalSettings,
    onSuccess: (saved) => client.setQueryData(deviceKeys.terminalSettings(), saved),
  });
}
