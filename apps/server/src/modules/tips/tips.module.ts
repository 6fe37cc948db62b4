import type { TModule, TModuleDeps } from '../module-deps.ts';
import type { TWorkHoursApi } from '../work-hours/work-hours.module.ts';
import { tipsRoutes } from './tips.routes.ts';
import { TipsRepository } from './tips.repository.ts';
import { TipsService } from './tips.service.ts';

/** Nothing outside calls into tips yet: it hooks into work hours' period lock and payroll instead. */
export type TTipsApi = undefined;

/**
 * Tip pooling and tip-outs through to payroll (issue 23). It reads shifts and orders' tips, keeps a
 * closed pay period's tips (work hours' lock hook) and gives the payroll export its tips column.
 */
export function tipsModule(deps: TModuleDeps & { workHours: TWorkHoursApi }): TModule<TTipsApi> {
  const tips = new TipsService(new TipsRepository(deps.db), deps.clock);
  deps.workHours.onPeriodLock((event, tx) => tips.onPeriodLock(event, tx));
  deps.workHours.providePayrollTips((restaurantId, start) => tips.payrollTips(restaurantId, start));
  return { routes: tipsRoutes(tips), api: undefined };
}
