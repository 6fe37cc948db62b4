import type { TPayrollTips, TPeriodLockListener } from './period-lock.ts';
import type { TModule, TModuleDeps } from '../module-deps.ts';
import { LaborCostService } from './labor-cost.service.ts';
import { LaborService } from './labor.service.ts';
import { laborRoutes } from './labor.routes.ts';
import { PayPeriodsService } from './pay-periods.service.ts';
import { payPeriodsRoutes } from './pay-periods.routes.ts';
import { PayrollService } from './payroll.service.ts';
import { PosService } from './pos.service.ts';
import { posRoutes } from './pos.routes.ts';
import { WorkHoursSettingsService } from './settings.service.ts';
import { settingsRoutes } from './settings.routes.ts';
import { ShiftsService } from './shifts.service.ts';
import { shiftsRoutes } from './shifts.routes.ts';
import { localSignatureStore } from './signature-store.ts';
import { SignaturesService } from './signatures.service.ts';
import { signaturesRoutes } from './signatures.routes.ts';
import { TimesheetService } from './timesheet.service.ts';
import { timesheetRoutes } from './timesheet.routes.ts';
import { WagesService } from './wages.service.ts';
import { wagesRoutes } from './wages.routes.ts';
import { WorkHoursRepository } from './work-hours.repository.ts';

export type { TPayrollTips, TPeriodLockEvent, TPeriodLockListener } from './period-lock.ts';

/**
 * What the tips module (issue 23) hooks into: the close and reopen of a pay period, and the payroll
 * export's pooled tips column. Both are registered once when the app is assembled.
 */
export interface TWorkHoursApi {
  onPeriodLock(listener: TPeriodLockListener): void;
  providePayrollTips(source: TPayrollTips): void;
  /**
   * Labour cents of the whole restaurant for each period of business days (inclusive), worked out as
   * the timesheet does. The caller has checked the restaurant is the caller's to see.
   */
  laborCents(restaurantId: number, periods: ReadonlyArray<{ from: string; to: string }>): Promise<number[]>;
}

/**
 * The work-hours domain (issue 11): timesheet, clock in and out, signatures, pay periods, payroll,
 * wages, labour cost, the POS clock. SPEC 7 work-hour calls, plus the pay-period, wage, settings and POS
 * calls in docs/decisions.md.
 */
export function workHoursModule(deps: TModuleDeps): TModule<TWorkHoursApi> {
  const repo = new WorkHoursRepository(deps.db);
  const { clock } = deps;
  const settings = new WorkHoursSettingsService(repo, clock);
  // The shared storage adapter is not in place yet; signatures go to the data directory meanwhile.
  const signatures = new SignaturesService(localSignatureStore(deps.config.dataDir));
  const timesheet = new TimesheetService(repo, settings, clock);
  const shifts = new ShiftsService(repo, settings, signatures, clock);
  const wages = new WagesService(repo, clock);
  const labor = new LaborService(settings, timesheet);
  const lockListeners: TPeriodLockListener[] = [];
  const payrollTips: { source: TPayrollTips | null } = { source: null };
  const periods = new PayPeriodsService(repo, settings, signatures, clock, lockListeners);
  const payroll = new PayrollService(repo, settings, periods, timesheet, (restaurantId, start) =>
    payrollTips.source ? payrollTips.source(restaurantId, start) : Promise.resolve(null),
  );
  const pos = new PosService(repo, settings, signatures, clock);
  const laborCost = new LaborCostService(repo, settings, clock);
  return {
    routes: async (app) => {
      await app.register(timesheetRoutes(timesheet));
      await app.register(shiftsRoutes(shifts));
      await app.register(signaturesRoutes(signatures));
      await app.register(settingsRoutes(settings));
      await app.register(wagesRoutes(wages));
      await app.register(laborRoutes(labor));
      await app.register(payPeriodsRoutes(periods, payroll));
      await app.register(posRoutes(pos));
    },
    api: {
      onPeriodLock: (listener) => void lockListeners.push(listener),
      providePayrollTips: (source) => void (payrollTips.source = source),
      laborCents: (restaurantId, periods) => laborCost.laborCents(restaurantId, periods),
    },
  };
}
