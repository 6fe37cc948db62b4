import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  overlappingFees,
  type TServiceFee,
  type TServiceFeeList,
  type TServiceFeeParsed,
  type TServiceFeeSaved,
} from '@ra/shared/business/business.schemas';
import { businessMessage } from '@ra/shared/business/business.messages';
import { amountTextToCents } from '@ra/shared/business/money';
import type { Database } from '../../db/client.ts';
import { serviceFees } from '../../db/schema/business.ts';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { AuditRepository } from '../../db/audit.repository.ts';

type TRow = typeof serviceFees.$inferSelect;

const feeNotFound = () => new AppError(404, 40400, businessMessage('business.feeNotFound'));

/**
 * SPEC 3 "Service fee item": charges added to checks, per restaurant. Every query is filtered by the
 * caller's restaurant; deletes are soft so past checks can still name the fee they carried.
 * Overlaps (active, same kind, shared dates and order types) are answered as warnings: two fees may
 * rightly stack (a large-party charge and a holiday surcharge), the owner decides.
 */
export class ServiceFeesService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async list(auth: AuthContext, page: number, pageSize: number): Promise<TServiceFeeList> {
    const restaurantId = requireRestaurantId(auth);
    const live = and(eq(serviceFees.restaurantId, restaurantId), isNull(serviceFees.deletedAt));
    const [rows, all, [count]] = await Promise.all([
      this.db
        .select()
        .from(serviceFees)
        .where(live)
        .orderBy(asc(serviceFees.startDate), asc(serviceFees.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.allActive(this.db, restaurantId),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(serviceFees)
        .where(live),
    ]);
    return { items: rows.map((r) => withOverlaps(r, all)), total: count?.n ?? 0, page, pageSize };
  }

  async create(auth: AuthContext, input: TServiceFeeParsed, ip: string): Promise<TServiceFeeSaved> {
    const restaurantId = requireRestaurantId(auth);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(serviceFees)
        .values({ restaurantId, ...toColumns(input), createdAt: now, updatedAt: now })
        .returning();
      await new AuditRepository(tx).record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'business.serviceFee.create',
        targetType: 'serviceFee',
        targetId: String(row!.id),
        details: { after: input },
        ip,
        at: now,
      });
      return this.saved(tx, restaurantId, row!);
    });
  }

  async update(auth: AuthContext, id: number, input: TServiceFeeParsed, ip: string): Promise<TServiceFeeSaved> {
    const restaurantId = requireRestaurantId(auth);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const mine = and(
        eq(serviceFees.id, id),
        eq(serviceFees.restaurantId, restaurantId),
        isNull(serviceFees.deletedAt),
      );
      const [before] = await tx.select().from(serviceFees).where(mine).for('update');
      if (!before) throw feeNotFound();
      const [row] = await tx
        .update(serviceFees)
        .set({ ...toColumns(input), updatedAt: now })
        .where(mine)
        .returning();
      await new AuditRepository(tx).record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'business.serviceFee.update',
        targetType: 'serviceFee',
        targetId: String(id),
        details: { before: toFee(before, []), after: input },
        ip,
        at: now,
      });
      return this.saved(tx, restaurantId, row!);
    });
  }

  async remove(auth: AuthContext, id: number, ip: string): Promise<{ ok: true }> {
    const restaurantId = requireRestaurantId(auth);
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(serviceFees)
        .set({ deletedAt: now, updatedAt: now })
        .where(and(eq(serviceFees.id, id), eq(serviceFees.restaurantId, restaurantId), isNull(serviceFees.deletedAt)))
        .returning();
      if (!row) throw feeNotFound();
      await new AuditRepository(tx).record({
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

  private allActive(db: Database, restaurantId: number) {
    return db
      .select()
      .from(serviceFees)
      .where(
        and(eq(serviceFees.restaurantId, restaurantId), isNull(serviceFees.deletedAt), eq(serviceFees.active, true)),
      );
  }

  private async saved(db: Database, restaurantId: number, row: TRow): Promise<TServiceFeeSaved> {
    const all = await this.allActive(db, restaurantId);
    const fee = withOverlaps(row, all);
    const byId = new Map(all.map((f) => [f.id, f]));
    return {
      fee,
      warnings: fee.overlapsWith.map((id) => ({ id, description: byId.get(id)?.description ?? '' })),
    };
  }
}

function toColumns(input: TServiceFeeParsed) {
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
