import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storageFor } from '../../lib/storage/create-storage.ts';
import type { TModuleDeps } from '../module-deps.ts';
import { mediaHooks } from './media.hooks.ts';
import { MediaRepository } from './media.repository.ts';
import { mediaRoutes } from './media.routes.ts';
import { MediaService } from './media.service.ts';

/**
 * The media service for a module that needs images (the menu: `attachable`, `imagesByIds`), built from
 * the same deps; stateless over the database and storage, so each module may build its own.
 */
export function createMediaService(deps: Pick<TModuleDeps, 'db' | 'config' | 'clock'>): MediaService {
  return new MediaService({
    repo: new MediaRepository(deps.db),
    storage: storageFor(deps.config),
    clock: deps.clock,
    hooks: mediaHooks(deps.db),
    secret: deps.config.jwtSecret,
  });
}

/** The media domain's routes: the image library and customer photo approval (registered in app.ts). */
export function mediaModule(deps: TModuleDeps): FastifyPluginAsyncZod {
  return mediaRoutes(createMediaService(deps));
}
