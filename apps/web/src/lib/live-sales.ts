import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { API_BASE } from './request.ts';

/** The server's live sales stream (shared live.schemas LIVE_SALES_PATH, without the /api prefix). */
export const LIVE_SALES_URL = `${API_BASE}/api/live/sales`;

/**
 * While `enabled`, listens to the restaurant's live sales (server-sent events; the session cookie is
 * the credential) and refetches `queryKeys` when an order, void or refund changed today's figures.
 * Opened only by pages that show today, closed when they go; the browser reconnects after a drop and
 * sends the last version it saw, so a change missed meanwhile arrives at once. Nothing polls.
 */
export function useLiveSales(enabled: boolean, queryKeys: QueryKey[]): void {
  const client = useQueryClient();
  const keys = useRef(queryKeys);
  keys.current = queryKeys;
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(LIVE_SALES_URL, { withCredentials: true });
    const onSales = () => {
      for (const queryKey of keys.current) void client.invalidateQueries({ queryKey });
    };
    source.addEventListener('sales', onSales);
    return () => {
      source.removeEventListener('sales', onSales);
      source.close();
    };
  }, [enabled, client]);
}
