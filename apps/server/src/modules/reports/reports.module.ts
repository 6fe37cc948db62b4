import type { TDayRange } from '@ra/shared/business-day/date-range';
import type { TFileContext } from '../../lib/exports/table-export.ts';
import type { TModule, TModuleDeps } from '../module-deps.ts';
import type { TGiftcardSalesPort } from './giftcard-sales.ts';
import { ItemSalesService } from './item-sales.service.ts';
import { ReportExportsService } from './report-exports.service.ts';
import { ReportPeriods } from './report-periods.ts';
import { ReportsRepository, type TItemSums, type TSalesSums } from './reports.repository.ts';
import { reportsRoutes } from './reports.routes.ts';
import { ReportsService } from './reports.service.ts';

export type { TFileContext, TGiftcardSalesPort, TItemSums, TSalesSums };

/**
 * What other modules read of the sales rollups: the transactions list and its file (the restaurant's
 * words and last day with sales) and the analytic center (sums by day, hour and item, the clock).
 */
export interface TReportsApi {
  /** The restaurant's name, zone and tip words, as a downloaded file states them. */
  fileContext(restaurantId: number): Promise<TFileContext>;
  /** The latest business day on or before `onOrBefore` with a closed order, or null. */
  lastSalesDay(restaurantId: number, onOrBefore: string): Promise<string | null>;
  clock(restaurantId: number): Promise<{ timeZone: string | null; hourOffsetEndOfDay: number }>;
  salesByDay(restaurantId: number, range: TDayRange): Promise<Map<string, TSalesSums>>;
  salesByHour(
    restaurantId: number,
    range: TDayRange,
    until?: Date | null,
  ): Promise<Array<{ hour: number; orders: number; guests: number; netSalesCents: number }>>;
  /** Weekday (0 = Sunday, of the business day) x local hour, for the busiest-hours heat map. */
  salesByWeekdayHour(
    restaurantId: number,
    range: TDayRange,
  ): Promise<Array<{ weekday: number; hour: number; orders: number; netSalesCents: number }>>;
  itemSales(restaurantId: number, range: TDayRange, until?: Date | null): Promise<TItemSums[]>;
}

/**
 * The sales report (SPEC 2 "/salesReport"): its sections as JSON and as files. The summary's gift card
 * line reads the gift card ledger through `giftcardSales` (the giftcards module's `sales`).
 */
export function reportsModule(
  deps: Pick<TModuleDeps, 'db' | 'clock'> & { giftcardSales: TGiftcardSalesPort },
): TModule<TReportsApi> {
  const repo = new ReportsRepository(deps.db);
  const periods = new ReportPeriods(repo, deps.clock);
  const service = new ReportsService(repo, periods, deps.giftcardSales);
  return {
    routes: reportsRoutes(service, new ItemSalesService(repo, periods), new ReportExportsService(repo)),
    api: {
      fileContext: (restaurantId) => repo.fileContext(restaurantId),
      lastSalesDay: (restaurantId, onOrBefore) => repo.lastSalesDay(restaurantId, onOrBefore),
      clock: (restaurantId) => repo.clock(restaurantId),
      salesByDay: (restaurantId, range) => repo.salesByDay(restaurantId, range),
      salesByHour: (restaurantId, range, until) => repo.salesByHour(restaurantId, range, until),
      salesByWeekdayHour: (restaurantId, range) => repo.salesByWeekdayHour(restaurantId, range),
      itemSales: (restaurantId, range, until) => repo.itemSales(restaurantId, range, until),
    },
  };
}
