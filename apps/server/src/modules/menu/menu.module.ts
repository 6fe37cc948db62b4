import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TScheduledChange, ZScheduleRequest } from '@ra/shared/menu/menu.schemas';
import type { z } from 'zod';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import type { TModuleDeps } from '../module-deps.ts';
import { mediaHooks } from '../media/media.hooks.ts';
import { createMediaService } from '../media/media.module.ts';
import { MenuChannels } from './menu-channels.ts';
import { MenuTransfer } from './menu-xlsx.ts';
import { MenuRepository } from './menu.repository.ts';
import { menuRoutes } from './menu.routes.ts';
import { MenuService } from './menu.service.ts';

/** The job that applies a scheduled price or availability change (issue 8), queued for its time. */
export const SCHEDULED_CHANGE_JOB = 'menu.scheduled-change';

/**
 * Scheduled changes: the row is the truth, the job only wakes the server at `at`. The job is queued
 * after the row commits (a job for a row that never committed finds nothing and does nothing), and the
 * worker is idempotent, so a job run twice, or after a restart, applies the change once.
 */
export class MenuSchedule {
  constructor(
    private readonly menu: MenuService,
    private readonly jobs: JobQueue,
  ) {}

  async register(): Promise<void> {
    await this.jobs.work<{ id: number }>(SCHEDULED_CHANGE_JOB, async (job) => this.menu.applyScheduled(job.data.id));
  }

  async create(auth: AuthContext, body: z.output<typeof ZScheduleRequest>, ip: string): Promise<TScheduledChange> {
    const row = await this.menu.createScheduled(auth, body, ip);
    const jobId = await this.jobs.send(
      SCHEDULED_CHANGE_JOB,
      { id: row.id },
      { startAfter: row.at, singletonKey: `menu-scheduled-${row.id}`, retryLimit: 5 },
    );
    if (jobId) await this.menu.repo.updateSchedule(row.id, { jobId });
    return this.menu.toScheduled({ ...row, jobId });
  }

  async cancel(auth: AuthContext, id: number, ip: string): Promise<TScheduledChange> {
    const row = await this.menu.cancelScheduled(auth, id, ip);
    if (row.jobId) await this.jobs.cancel(SCHEDULED_CHANGE_JOB, row.jobId).catch(() => undefined);
    return this.menu.toScheduled(row);
  }
}

/** The menu domain's routes and services (registered in app.ts). */
export function menuModule(deps: TModuleDeps): FastifyPluginAsyncZod {
  const repo = new MenuRepository(deps.db);
  // Item images are ids in the media module's image library: checked there on save, and the library
  // is told which items use an image so it does not delete one in use.
  const media = createMediaService(deps);
  const menu = new MenuService(
    repo,
    deps.clock,
    async (restaurantId, ids) => (await media.imagesByIds(restaurantId, ids)).size === new Set(ids).size,
    (restaurantId, ids, db) => media.lockImagesForUse(restaurantId, ids, db),
  );
  mediaHooks(deps.db).addImageUser({
    usedBy: async (restaurantId, imageIds, db) =>
      (await (db ? new MenuRepository(db) : repo).itemsUsingImages(restaurantId, imageIds)).flatMap((item) =>
        imageIds
          .filter((imageId) => item.imageIds.includes(imageId) || item.coverImageId === imageId)
          .map((imageId) => ({ imageId, kind: 'item' as const, id: item.id, name: item.name })),
      ),
    release: (restaurantId, imageId, actor, db) => menu.releaseImage(restaurantId, imageId, actor, db),
  });
  const channels = new MenuChannels(menu);
  const transfer = new MenuTransfer(menu);
  const schedule = new MenuSchedule(menu, deps.jobs);
  return async (app) => {
    await schedule.register();
    await app.register(menuRoutes(menu, channels, transfer, schedule));
  };
}
