import type { TListen } from '../../db/notifications.ts';
import type { TModule, TModuleDeps } from '../module-deps.ts';
import { LiveRepository } from './live.repository.ts';
import { liveRoutes } from './live.routes.ts';
import { LiveSalesService } from './live-sales.service.ts';
import { LiveSalesHub } from './live.service.ts';

/** What the app (and tests, benches) read of live sales. */
export interface TLiveApi {
  /** Streams open on this server. */
  connectionCount(): number;
  /** Stops listening (the app's close). */
  close(): Promise<void>;
}

/**
 * Live today (docs/decisions.md "Live today"): server-sent events fed by the database's `live_sales`
 * notifications, which a trigger on orders and refunds sends (migration 0027).
 */
export function liveModule(
  deps: Pick<TModuleDeps, 'db'> & {
    listen: TListen | undefined;
    log: { warn(obj: unknown, msg?: string): void };
    heartbeatMs?: number;
  },
): TModule<TLiveApi> {
  const hub = new LiveSalesHub(new LiveRepository(deps.db), deps.listen, deps.log);
  return {
    routes: liveRoutes(new LiveSalesService(hub, deps.heartbeatMs)),
    api: { connectionCount: () => hub.connectionCount, close: () => hub.close() },
  };
}
