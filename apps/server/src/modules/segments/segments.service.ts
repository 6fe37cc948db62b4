import type { TCustomerCount, TCustomerFilter } from '@ra/shared/customers/customers.schemas';
import { SEGMENTS_MESSAGES } from '@ra/shared/segments/segments.messages';
import { MAX_SEGMENTS, type TSegment, type TSegmentFilter } from '@ra/shared/segments/segments.schemas';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, FieldError, notFound } from '../../lib/errors.ts';
import { ERROR_CODES } from '@ra/shared/errors';
import { SegmentNameTaken, type SegmentsRepository, type TSegmentRow } from './segments.repository.ts';

export interface TSegmentsDeps {
  repo: SegmentsRepository;
  clock: Clock;
  /** The customer list's rule (owners, agents and admins) and its count: the customers module's api. */
  listRestaurant(auth: AuthContext): number;
  countByFilter(restaurantId: number, filter: TCustomerFilter): Promise<TCustomerCount>;
}

const nameTaken = () => new FieldError('name', SEGMENTS_MESSAGES.nameTaken!.en, { key: 'segments.nameTaken' });

/** A stored filter as answered: only the bounds it has (absent and undefined are the same). */
function filterView(f: TCustomerFilter): TSegmentFilter {
  const view: TSegmentFilter = { range: f.range, sort: f.sort, order: f.order };
  for (const k of ['spentMin', 'spentMax', 'ordersMin', 'ordersMax', 'notSeenDays'] as const)
    if (typeof f[k] === 'number') view[k] = f[k];
  if (f.q) view.q = f.q;
  return view;
}

/**
 * Saved segments (issue 24): a customer-list filter under a name, per restaurant, with how many it
 * matches now. Same people as the customer list (owners, agents, admins). Every write is audited in
 * its own transaction. A campaign to a segment keeps the filter it was written with and is evaluated
 * again at Send Now (customers module), so editing or deleting a segment never changes one already
 * submitted.
 */
export class SegmentsService {
  constructor(private readonly deps: TSegmentsDeps) {}

  private async view(restaurantId: number, row: TSegmentRow): Promise<TSegment> {
    return {
      id: row.id,
      name: row.name,
      filter: filterView(row.filter),
      matches: await this.deps.countByFilter(restaurantId, row.filter),
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  }

  async list(auth: AuthContext) {
    const restaurantId = this.deps.listRestaurant(auth);
    const rows = await this.deps.repo.list(restaurantId, MAX_SEGMENTS);
    const out: TSegment[] = [];
    for (const row of rows) out.push(await this.view(restaurantId, row));
    return { rows: out, max: MAX_SEGMENTS };
  }

  async get(auth: AuthContext, id: number) {
    const restaurantId = this.deps.listRestaurant(auth);
    const row = await this.deps.repo.get(restaurantId, id);
    if (!row) throw notFound();
    return this.view(restaurantId, row);
  }

  async create(auth: AuthContext, name: string, filter: TCustomerFilter) {
    const restaurantId = this.deps.listRestaurant(auth);
    const at = this.deps.clock.now();
    const row = await this.deps.repo.transaction(async (repo, audit) => {
      if ((await repo.countLocked(restaurantId)) >= MAX_SEGMENTS)
        throw new AppError(
          400,
          ERROR_CODES.badRequest,
          SEGMENTS_MESSAGES.tooMany!.en.replace('{max}', String(MAX_SEGMENTS)),
          {
            key: 'segments.tooMany',
            params: { max: MAX_SEGMENTS },
          },
        );
      const saved = await this.named(() => repo.insert(restaurantId, name, filter, auth.userId, at));
      await audit.record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'customers.segment.create',
        targetType: 'customer_segment',
        targetId: String(saved.id),
        details: { name, filter: filterView(filter) },
        at,
      });
      return saved;
    });
    return this.view(restaurantId, row);
  }

  async update(auth: AuthContext, id: number, change: { name?: string; filter?: TCustomerFilter }) {
    const restaurantId = this.deps.listRestaurant(auth);
    const at = this.deps.clock.now();
    const row = await this.deps.repo.transaction(async (repo, audit) => {
      const before = await repo.get(restaurantId, id);
      if (!before) throw notFound();
      const after = await this.named(() => repo.update(restaurantId, id, change, at));
      if (!after) throw notFound();
      await audit.record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'customers.segment.update',
        targetType: 'customer_segment',
        targetId: String(id),
        details: {
          before: { name: before.name, filter: filterView(before.filter) },
          after: { name: after.name, filter: filterView(after.filter) },
        },
        at,
      });
      return after;
    });
    return this.view(restaurantId, row);
  }

  async remove(auth: AuthContext, id: number) {
    const restaurantId = this.deps.listRestaurant(auth);
    const at = this.deps.clock.now();
    await this.deps.repo.transaction(async (repo, audit) => {
      const gone = await repo.delete(restaurantId, id);
      if (!gone) throw notFound();
      await audit.record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'customers.segment.delete',
        targetType: 'customer_segment',
        targetId: String(id),
        details: { name: gone.name, filter: filterView(gone.filter) },
        at,
      });
    });
    return { message: SEGMENTS_MESSAGES.deleted!.en };
  }

  /** A campaign's look-up: the segment's name and stored filter, or null (none at this restaurant). */
  async lookup(restaurantId: number, id: number) {
    const row = await this.deps.repo.get(restaurantId, id);
    return row ? { name: row.name, filter: row.filter } : null;
  }

  private async named<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (error instanceof SegmentNameTaken) throw nameTaken();
      throw error;
    }
  }
}
