import {
  overlappingFees,
  type TServiceFee,
  type TServiceFeeList,
  type TServiceFeeParsed,
  type TServiceFeeSaved,
} from '@ra/shared/business/business.schemas';
import { businessMessage } from '@ra/shared/business/business.messages';
import { amountTextToCents } from '@ra/shared/business/money';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { ServiceFeesRepository, TServiceFeeColumns, TServiceFeeRow } from './service-fees.repository.ts';

type TRow = TServiceFeeRow;

const feeNotFound = () => new AppError(404, 40400, businessMessage('business.feeNotFound'));

/**
 * SPEC 3 "Service fee item": charges added to checks, per restaurant. Every query is filtered by the
 * caller's restaurant; deletes are soft so past checks can still name the fee they carried.
 * Overlaps (active, same kind, shared dates and order types) are answered as warnings: two fees may
 * rightly stack (a large-party charge and a holiday surcharge), the owner decides.
 */
export class ServiceFeesService {
  constructor(
    private readonly repo: ServiceFeesRepository,
    private readonly clock: Clock,
  ) {}

  async list(auth: AuthContext, page: number, pageSize: number): Promise<TServiceFeeList> {
    const restaurantId = requireRestaurantId(auth);
    const [rows, all, total] = await Promise.all([
      this.repo.page(restaurantId, pageSize, (page - 1) * pageSize),
      this.repo.allActive(restaurantId),
      this.repo.count(restaurantId),
    ]);
    return { items: rows.map((r) => withOverlaps(r, all)), total, page, pageSize };
  }

  async create(auth: AuthContext, input: TServiceFeeParsed, ip: string): Promise<TServiceFeeSaved> {
    const restaurantId = requireRestaurantId(auth);
    const now = this.clock.now();
    return this.repo.transaction(async (repo, audit) => {
      const row = await repo.insert(restaurantId, toColumns(input), now);
      await audit.record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'business.serviceFee.create',
        targetType: 'serviceFee',
        targetId: String(row.id),
        details: { after: input },
        ip,
        at: now,
      });
      return saved(repo, restaurantId, row);
    });
  }

  async update(auth: AuthContext, id: number, input: TServiceFeeParsed, ip: string): Promise<TServiceFeeSaved> {
    const restaurantId = requireRestaurantId(auth);
    const now = this.clock.now();
    return this.repo.transaction(async (repo, audit) => {
      const before = await repo.lock(restaurantId, id);
      if (!before) throw feeNotFound();
      const row = await repo.update(restaurantId, id, toColumns(input), now);
      await audit.record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'business.serviceFee.update',
        targetType: 'serviceFee',
        targetId: String(id),
        details: { before: toFee(before, []), after: input },
        ip,
        at: now,
      });
      return saved(repo, restaurantId, row!);
    });
  }

  async remove(auth: AuthContext, id: number, ip: string): Promise<{ ok: true }> {
    const restaurantId = requireRestaurantId(auth);
    const now = this.clock.now();
    await this.repo.transaction(async (repo, audit) => {
      const row = await repo.softDelete(restaurantId, id, now);
      if (!row) throw feeNotFound();
      await audit.record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'business.serviceFee.delete',
        targetType: 'serviceFee',
        targetId: String(id),
        details: { before: toFee(row, []) },
        ip,
        at: now,
      });
    });
    return { ok: true };
  }
}

async function saved(repo: ServiceFeesRepository, restaurantId: number, row: TRow): Promise<TServiceFeeSaved> {
  const all = await repo.allActive(restaurantId);
  const fee = withOverlaps(row, all);
  const byId = new Map(all.map((f) => [f.id, f]));
  return {
    fee,
    warnings: fee.overlapsWith.map((id) => ({ id, description: byId.get(id)?.description ?? '' })),
  };
}

function toColumns(input: TServiceFeeParsed): TServiceFeeColumns {
  const amount = amountTextToCents(input.amount) ?? 0;
  return {
    description: input.description,
    kind: input.kind,
    amountCents: input.kind === 'fixed' ? amount : null,
    percentBps: input.kind === 'percent' ? amount : null,
    startDate: input.startDate,
    endDate: input.endDate,
    orderTypes: [...input.orderTypes],
    minimumCheckCents: amountTextToCents(input.minimumCheck) ?? 0,
    taxable: input.taxable,
    active: input.active,
  };
}

function toFee(row: TRow, overlapsWith: number[]): TServiceFee {
  return {
    id: row.id,
    description: row.description,
    kind: row.kind,
    amountCents: row.amountCents,
    percentBps: row.percentBps,
    startDate: row.startDate,
    endDate: row.endDate,
    orderTypes: row.orderTypes as TServiceFee['orderTypes'],
    minimumCheckCents: row.minimumCheckCents,
    taxable: row.taxable,
    active: row.active,
    overlapsWith,
  };
}

function withOverlaps(row: TRow, activeRows: TRow[]): TServiceFee {
  const others = activeRows.map((r) => toFee(r, []));
  const me = toFee(row, []);
  return { ...me, overlapsWith: overlappingFees(me, others).map((o) => o.id) };
}
