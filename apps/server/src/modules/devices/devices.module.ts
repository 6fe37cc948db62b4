import type { TModule, TModuleDeps } from '../module-deps.ts';
import { DevicesRepository } from './devices.repository.ts';
import { devicesRoutes } from './devices.routes.ts';
import { DevicesService } from './devices.service.ts';

/**
 * The devices domain (registered in app.ts): its routes, and the reader of device credentials that
 * the access guard asks for a token starting with `dev_` (plugins/access-control.ts).
 */
export function devicesModule(deps: Pick<TModuleDeps, 'db' | 'clock'>): TModule {
  const service = new DevicesService(new DevicesRepository(deps.db), deps.clock);
  return {
    routes: async (app) => {
      app.deviceCredentials.authenticate = (token) => service.authenticate(token);
      // Beats answered but not yet written are written before the server stops.
      app.addHook('onClose', async () => service.flushBeats());
      await app.register(devicesRoutes(service));
    },
    api: undefined,
  };
}
