import ExcelJS from 'exceljs';
import { ERROR_CODES } from '@ra/shared/errors';
import { couponsMessage, type TCouponsMessageKey } from '@ra/shared/coupons/coupons.messages';
import type { TCodeBatch, TCodeLookup, TGenerateCodesRequest } from '@ra/shared/coupons/coupons.schemas';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { noHoldPoints, type HoldPoints } from '../../lib/hold-points.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import type { CouponsRepository, TBatchRow } from './coupons.repository.ts';
import { normaliseCode, randomCode, toRedemption } from './coupons.service.ts';

export const GENERATE_CODES_QUEUE = 'coupons.generate-codes';
/** Codes inserted per statement: progress moves every chunk, and a restart loses at most one. */
export const CODE_CHUNK = 1000;
/** Chunks in a row that add nothing mean the alphabet at this length is used up: stop, don't spin. */
const MAX_EMPTY_CHUNKS = 5;

const refuse = (status: number, key: TCouponsMessageKey) =>
  new AppError(
    status,
    status === 404 ? ERROR_CODES.notFound : status === 409 ? ERROR_CODES.conflict : ERROR_CODES.badRequest,
    couponsMessage(key),
  );

export function toBatch(row: TBatchRow, couponName: string): TCodeBatch {
  return {
    id: row.id,
    couponId: row.couponId,
    couponName,
    requested: row.requested,
    generated: row.generated,
    length: row.length,
    prefix: row.prefix,
    status: row.status as TCodeBatch['status'],
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Premium coupon codes (SPEC 6 "Admin-only: premium/advanced coupon code generation"). A request
 * makes a batch row and queues a job; the job inserts codes in chunks and records progress, so a
 * restart resumes where the rows say it stopped, and a cancel is seen between chunks.
 */
export class PremiumCodesService {
  constructor(
    private readonly repo: CouponsRepository,
    private readonly clock: Clock,
    private readonly jobs: JobQueue,
    private readonly holds: HoldPoints = noHoldPoints,
  ) {}

  async register(): Promise<void> {
    await this.jobs.work<{ batchId: number }>(GENERATE_CODES_QUEUE, (job) => this.work(job.data.batchId, job.signal));
  }

  async generate(auth: AuthContext, request: Required<TGenerateCodesRequest>, ip: string): Promise<TCodeBatch> {
    const restaurantId = requireRestaurantId(auth);
    const now = this.clock.now();
    const { batch, couponName } = await this.repo.transaction(async (repo, audit) => {
      const coupon = await repo.get(restaurantId, request.couponId, { forUpdate: true });
      if (!coupon) throw refuse(404, 'coupons.notFound');
      if (await repo.runningBatchOf(restaurantId, coupon.id)) throw refuse(409, 'coupons.batchRunning');
      const created = await repo.insertBatch({
        restaurantId,
        couponId: coupon.id,
        requested: request.count,
        length: request.length,
        prefix: request.prefix,
        status: 'queued',
        createdBy: auth.userId,
        createdAt: now,
      });
      await audit.record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'coupon.codes.generate',
        targetType: 'coupon',
        targetId: String(coupon.id),
        details: { batchId: created.id, count: request.count, length: request.length, prefix: request.prefix },
        ip,
        at: now,
      });
      return { batch: created, couponName: coupon.name };
    });
    // After the commit: the queue writes on its own connection (lib/jobs/job-queue.ts).
    await this.jobs.send(
      GENERATE_CODES_QUEUE,
      { batchId: batch.id },
      { singletonKey: `batch-${batch.id}`, retryLimit: 5 },
    );
    return toBatch(batch, couponName);
  }

  /**
   * The job: idempotent, resumes from the codes already stored for the batch (a code is unique in its
   * restaurant, so none is made twice). One job runs per batch (its queue key); `signal` aborts when
   * this run must stop (the server is stopping, or another took the job over): checked every chunk.
   * The hold point `codes-made` (lib/hold-points.ts) stops a process after a chunk, for a test.
   */
  async work(batchId: number, signal?: AbortSignal): Promise<void> {
    const found = await this.repo.batch(null, batchId);
    if (!found || !['queued', 'running'].includes(found.batch.status)) return;
    const { restaurantId, couponId, requested, length, prefix } = found.batch;
    await this.repo.setBatchStatus(batchId, 'running', ['queued', 'running'], null);
    let generated = await this.repo.countBatchCodes(restaurantId, batchId);
    let empty = 0;
    while (generated < requested) {
      signal?.throwIfAborted();
      const now = await this.repo.batch(null, batchId);
      if (now?.batch.status !== 'running') return;
      const want = Math.min(CODE_CHUNK, requested - generated);
      const codes = new Set<string>();
      while (codes.size < want) codes.add(randomCode(length, prefix));
      const added = await this.repo.insertCodes(restaurantId, couponId, batchId, [...codes]);
      generated += added;
      await this.repo.setBatchGenerated(batchId, generated);
      await this.holds.reached('codes-made', generated);
      empty = added === 0 ? empty + 1 : 0;
      if (empty >= MAX_EMPTY_CHUNKS) {
        await this.repo.setBatchStatus(batchId, 'failed', ['running'], this.clock.now());
        return;
      }
    }
    await this.repo.setBatchStatus(batchId, 'done', ['running'], this.clock.now());
  }

  async batches(auth: AuthContext, couponId?: number): Promise<{ items: TCodeBatch[] }> {
    const rows = await this.repo.batches(requireRestaurantId(auth), couponId);
    return { items: rows.map((r) => toBatch(r.batch, r.couponName)) };
  }

  async batch(auth: AuthContext, id: number): Promise<TCodeBatch> {
    const found = await this.repo.batch(requireRestaurantId(auth), id);
    if (!found) throw refuse(404, 'coupons.batchNotFound');
    return toBatch(found.batch, found.couponName);
  }

  /** Stops a batch; the codes made so far stay valid and can be exported. */
  async cancel(auth: AuthContext, id: number, ip: string): Promise<TCodeBatch> {
    const restaurantId = requireRestaurantId(auth);
    const now = this.clock.now();
    await this.repo.transaction(async (repo, audit) => {
      const found = await repo.batch(restaurantId, id);
      if (!found) throw refuse(404, 'coupons.batchNotFound');
      if (!(await repo.setBatchStatus(id, 'cancelled', ['queued', 'running'], now)))
        throw refuse(409, 'coupons.batchNotRunning');
      await audit.record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'coupon.codes.cancel',
        targetType: 'coupon',
        targetId: String(found.batch.couponId),
        details: { batchId: id, generated: found.batch.generated },
        ip,
        at: now,
      });
    });
    return this.batch(auth, id);
  }

  async export(
    auth: AuthContext,
    id: number,
    format: 'csv' | 'xlsx',
  ): Promise<{ filename: string; body: Buffer; type: string }> {
    const restaurantId = requireRestaurantId(auth);
    const found = await this.repo.batch(restaurantId, id);
    if (!found) throw refuse(404, 'coupons.batchNotFound');
    const codes = await this.repo.batchCodes(restaurantId, id);
    const filename = `coupon-codes-${found.batch.couponId}-batch-${id}.${format}`;
    if (format === 'csv') {
      const lines = ['code,used', ...codes.map((c) => `${c.code},${c.usedCount > 0 ? 'yes' : 'no'}`)];
      return { filename, body: Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8'), type: 'text/csv; charset=utf-8' };
    }
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Codes');
    sheet.columns = [
      { header: 'Code', key: 'code', width: 24 },
      { header: 'Used', key: 'used', width: 8 },
    ];
    for (const c of codes) sheet.addRow({ code: c.code, used: c.usedCount > 0 ? 'yes' : 'no' });
    const body = Buffer.from(await workbook.xlsx.writeBuffer());
    return { filename, body, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
  }

  async lookup(auth: AuthContext, code: string): Promise<TCodeLookup> {
    const restaurantId = requireRestaurantId(auth);
    const hit = await this.repo.findCode(restaurantId, normaliseCode(code));
    if (!hit) throw refuse(404, 'coupons.codeNotFound');
    const redemptions = await this.repo.redemptionsOfCode(restaurantId, hit.code.id);
    return {
      code: hit.code.code,
      couponId: hit.coupon.id,
      couponName: hit.coupon.name,
      batchId: hit.code.batchId,
      redemptions: redemptions.map((r) => toRedemption(r.redemption, r.couponName)),
    };
  }
}
