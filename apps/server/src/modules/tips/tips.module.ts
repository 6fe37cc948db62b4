import type { TModule, TModuleDeps } from '../module-deps.ts';
import type { TWorkHoursApi } from '../work-hours/work-hours.module.ts';
import { tipsRoutes } from './tips.routes.ts';
import { TipsRepository } from './tips.repository.ts';
import { TipsService, type TRefundTip, type TRefundTipAdjustment } from './tips.service.ts';
import type { Database } from '../../db/client.ts';

export type { TRefundTip, TRefundTipAdjustment };

/**
 * What refunds call (issue 23): a refund's tip, inside the refund's transaction. When the order's pay
 * period is locked it becomes a negative adjustment in the open period (tips.service.ts).
 */
export interface TTipsApi {
  refundTipAdjustment(tx: Database, refund: TRefundTip): Promise<TRefundTipAdjustment>;
}

/**
 * Tip pooling and tip-outs through to payroll (issue 23). It reads shifts and orders' tips, keeps a
 * closed pay period's tips (work hours' lock hook), gives the payroll export its tips column and takes
 * refunds' tips of locked periods back in the open one.
 */
export function tipsModule(deps: TModuleDeps & { workHours: TWorkHoursApi }): TModule<TTipsApi> {
  const tips = new TipsService(new TipsRepository(deps.db), deps.clock);
  deps.workHours.onPeriodLock((event, tx) => tips.onPeriodLock(event, tx));
  deps.workHours.providePayrollTips((restaurantId, start) => tips.payrollTips(restaurantId, start));
  return {
    routes: tipsRoutes(tips),
    api: { refundTipAdjustment: (tx, refund) => tips.refundTipAdjustment(tx, refund) },
  };
}
