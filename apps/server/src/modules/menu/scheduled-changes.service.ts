import type { ZScheduleRequest } from '@ra/shared/menu/menu.schemas';
import type { TScheduledChange } from '@ra/shared/menu/menu.schemas';
import type { z } from 'zod';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import { notFound } from '../../lib/errors.ts';
import { snapshotOf } from './item-snapshot.ts';
import type { ItemStates } from './item-state.ts';
import type { MenuRepository, TScheduledRow } from './menu.repository.ts';
import { actorOf, fullName, menuConflict, menuFieldError, type MenuWriter, type TActor } from './menu-write.ts';

/** The job that applies a scheduled price or availability change (issue 8), queued for its time. */
export const SCHEDULED_CHANGE_JOB = 'menu.scheduled-change';

/**
 * Scheduled price and availability changes (issue 8). The row is the truth, the job only wakes the
 * server at `at`. The job is queued after the row commits (a job for a row that never committed finds
 * nothing and does nothing), and the worker is idempotent, so a job run twice, or after a restart,
 * applies the change once.
 */
export class ScheduledChangesService {
  constructor(
    private readonly repo: MenuRepository,
    private readonly writer: MenuWriter,
    private readonly states: ItemStates,
    private readonly clock: Clock,
    private readonly jobs: JobQueue,
  ) {}

  async register(): Promise<void> {
    await this.jobs.work<{ id: number }>(SCHEDULED_CHANGE_JOB, async (job) => this.applyScheduled(job.data.id));
  }

  async create(auth: AuthContext, body: z.output<typeof ZScheduleRequest>, ip: string): Promise<TScheduledChange> {
    const row = await this.createScheduled(auth, body, ip);
    const jobId = await this.jobs.send(
      SCHEDULED_CHANGE_JOB,
      { id: row.id },
      { startAfter: row.at, singletonKey: `menu-scheduled-${row.id}`, retryLimit: 5 },
    );
    if (jobId) await this.repo.updateSchedule(row.id, { jobId });
    return this.toScheduled({ ...row, jobId });
  }

  async cancel(auth: AuthContext, id: number, ip: string): Promise<TScheduledChange> {
    const row = await this.cancelScheduled(auth, id, ip);
    if (row.jobId) await this.jobs.cancel(SCHEDULED_CHANGE_JOB, row.jobId).catch(() => undefined);
    return this.toScheduled(row);
  }

  private toScheduled(
    row: TScheduledRow,
    creator?: { first: string | null; last: string | null; email: string | null },
  ): TScheduledChange {
    return {
      id: row.id,
      itemIds: row.itemIds,
      at: row.at.toISOString(),
      change: row.change,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      createdBy:
        row.createdBy === null
          ? null
          : { id: row.createdBy, name: creator ? fullName(creator.first, creator.last, creator.email) : '' },
      appliedAt: row.appliedAt?.toISOString() ?? null,
      error: row.error,
    };
  }

  async list(auth: AuthContext, filter: { itemId?: number | undefined; status?: string | undefined }) {
    const rows = await this.repo.schedules(requireRestaurantId(auth), filter);
    return {
      changes: rows.map((r) =>
        this.toScheduled(r.change, { first: r.creatorFirstName, last: r.creatorLastName, email: r.creatorEmail }),
      ),
    };
  }

  /** Stores the change; `create` queues the job that applies it. */
  private async createScheduled(
    auth: AuthContext,
    body: z.output<typeof ZScheduleRequest>,
    ip: string,
  ): Promise<TScheduledRow> {
    const restaurantId = requireRestaurantId(auth);
    const at = new Date(body.at);
    if (at <= this.clock.now()) throw menuFieldError('at', 'menu.dateInPast');
    const found = await this.repo.itemIdsExisting(restaurantId, body.ids);
    if (found.size !== body.ids.length) throw notFound();
    return this.writer.write(
      restaurantId,
      actorOf(auth, ip),
      {
        action: 'menu.scheduled.create',
        targetType: 'menuScheduledChange',
        details: (row) => ({ id: row.id, at: body.at, ids: body.ids, change: body.change }),
      },
      (repo, now) =>
        repo.insertSchedule({
          restaurantId,
          itemIds: body.ids,
          at,
          change: body.change,
          createdBy: auth.userId,
          createdAt: now,
        }),
    );
  }

  private async cancelScheduled(auth: AuthContext, id: number, ip: string): Promise<TScheduledRow> {
    const restaurantId = requireRestaurantId(auth);
    return this.writer.write(
      restaurantId,
      actorOf(auth, ip),
      { action: 'menu.scheduled.cancel', targetType: 'menuScheduledChange', targetId: id },
      async (repo) => {
        const row = await repo.schedule(id, restaurantId, true);
        if (!row) throw notFound();
        if (row.status !== 'pending') throw menuConflict('menu.scheduleNotPending');
        await repo.updateSchedule(id, { status: 'cancelled' });
        return { ...row, status: 'cancelled' as const };
      },
    );
  }

  /**
   * Applies a due scheduled change (the job's work). Idempotent: a change already applied or cancelled
   * is left alone, so a job run twice changes nothing the second time.
   */
  async applyScheduled(id: number): Promise<void> {
    const row = await this.repo.schedule(id);
    if (!row || row.status !== 'pending') return;
    if (row.at > this.clock.now()) return;
    const c = row.change;
    const actor: TActor = { userId: null };
    const live = await this.repo.itemIdsExisting(row.restaurantId, row.itemIds);
    const ids = row.itemIds.filter((i) => live.has(i));
    await this.writer.write(
      row.restaurantId,
      actor,
      { action: 'menu.scheduled.apply', targetType: 'menuScheduledChange', targetId: id },
      async (repo, now) => {
        const locked = await repo.schedule(id, row.restaurantId, true);
        if (!locked || locked.status !== 'pending') return;
        const items = await repo.items(row.restaurantId, ids, true);
        const groups = await repo.itemGroupIds(row.restaurantId, ids);
        for (const item of items) {
          const channels = snapshotOf(item, []).channels;
          await this.states.save(
            repo,
            row.restaurantId,
            { row: item, groups: groups.get(item.id) ?? [] },
            {
              columns: {
                ...(c.priceCents !== undefined ? { priceCents: c.priceCents } : {}),
                ...(c.soldOut !== undefined ? { soldOut: c.soldOut, soldOutUntil: null } : {}),
                ...(c.channels ? { channels: { ...channels, ...c.channels } } : {}),
              },
            },
            'scheduled',
            actor,
            now,
          );
        }
        await repo.updateSchedule(id, { status: 'applied', appliedAt: now });
      },
    );
  }
}
