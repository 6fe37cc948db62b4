import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  REPORT_PATHS,
  ZCategorySalesResponse,
  ZCompsVoidsResponse,
  ZDiscountsResponse,
  ZItemSalesResponse,
  ZOperationResponse,
  ZOptionSalesResponse,
  ZCompsVoidsQuery,
  ZPaymentMethodsResponse,
  ZPayoutsQuery,
  ZPayoutsResponse,
  ZReportExportOptions,
  ZReportQuery,
  ZSalesSummaryResponse,
  ZSalesTrendsResponse,
  ZTaxesResponse,
  ZTrendsQuery,
  type TReportExportOptions,
  type TReportSection,
} from '@ra/shared/reports/reports.schemas';
import type { AuthContext } from '../../lib/auth-context.ts';
import { requireRestaurantId } from '../../lib/auth-context.ts';
import { authOf } from '../../plugins/access-control.ts';
import type { TSectionResponses } from './report-exports.ts';
import type { ItemSalesService } from './item-sales.service.ts';
import type { ReportExportsService } from './report-exports.service.ts';
import type { ReportsService } from './reports.service.ts';

const SECTION_TITLES: Record<TReportSection, string> = {
  salesSummary: 'Sales summary: gross to net, tax, service charge, tips, collected; by channel',
  salesTrends: 'Sales trends by hour of day, day, week or month, with the comparison period',
  operation: 'Operation: orders, guests, averages, table turn, open and voided orders, refunds',
  paymentMethods: 'Payment methods and card brands, with tips and refunds',
  itemSales: 'Item sales',
  categorySales: 'Category sales',
  optionSales: 'Option (modifier) sales',
  discounts: 'Discounts and coupons',
  compsVoids: 'Comped and voided lines with who, when and why (paged)',
  taxes: 'Taxes',
  payout: 'Payouts: cash paid out of the drawer and processor deposits (paged)',
};

type TQueryOf<S extends TReportSection> = S extends 'salesTrends'
  ? z.infer<typeof ZTrendsQuery>
  : S extends 'compsVoids'
    ? z.infer<typeof ZCompsVoidsQuery>
    : S extends 'payout'
      ? z.infer<typeof ZPayoutsQuery>
      : z.infer<typeof ZReportQuery>;

interface TSectionDef<S extends TReportSection> {
  query: z.ZodType<TQueryOf<S>>;
  response: z.ZodType<TSectionResponses[S]>;
  /** `all`: every row instead of one page (exports). */
  load(auth: AuthContext, query: TQueryOf<S>, all: boolean): Promise<TSectionResponses[S]>;
}

/**
 * The sales report endpoints (SPEC 2 "/salesReport", SPEC 6 viewSalesReport): GET `/api` +
 * REPORT_PATHS[section] answers the section as JSON, and `.../export?format=csv|xlsx&lang=en|zh` the
 * same table as a file (rows, then totals rows) with its words in the caller's language.
 */
export function reportsRoutes(
  service: ReportsService,
  items: ItemSalesService,
  exports: ReportExportsService,
): FastifyPluginAsyncZod {
  const sections: { [S in TReportSection]: TSectionDef<S> } = {
    salesSummary: { query: ZReportQuery, response: ZSalesSummaryResponse, load: (a, q) => service.salesSummary(a, q) },
    salesTrends: { query: ZTrendsQuery, response: ZSalesTrendsResponse, load: (a, q) => service.salesTrends(a, q) },
    operation: { query: ZReportQuery, response: ZOperationResponse, load: (a, q) => service.operation(a, q) },
    paymentMethods: {
      query: ZReportQuery,
      response: ZPaymentMethodsResponse,
      load: (a, q) => service.paymentMethods(a, q),
    },
    itemSales: { query: ZReportQuery, response: ZItemSalesResponse, load: (a, q) => items.itemSales(a, q) },
    categorySales: {
      query: ZReportQuery,
      response: ZCategorySalesResponse,
      load: (a, q) => items.categorySales(a, q),
    },
    optionSales: { query: ZReportQuery, response: ZOptionSalesResponse, load: (a, q) => items.optionSales(a, q) },
    discounts: { query: ZReportQuery, response: ZDiscountsResponse, load: (a, q) => service.discounts(a, q) },
    compsVoids: {
      query: ZCompsVoidsQuery,
      response: ZCompsVoidsResponse,
      load: (a, q, all) => service.compsVoids(a, q, all),
    },
    taxes: { query: ZReportQuery, response: ZTaxesResponse, load: (a, q) => service.taxes(a, q) },
    payout: { query: ZPayoutsQuery, response: ZPayoutsResponse, load: (a, q, all) => service.payouts(a, q, all) },
  };

  return async (app) => {
    for (const section of Object.keys(sections) as TReportSection[]) {
      const def = sections[section] as unknown as TSectionDef<'salesSummary'>;
      const url = `/api${REPORT_PATHS[section]}`;
      app.get(url, {
        schema: {
          tags: ['reports'],
          summary: SECTION_TITLES[section],
          querystring: def.query,
          response: { 200: def.response },
        },
        config: { access: { kind: 'page', permission: 'viewSalesReport' } },
        handler: (request) => def.load(authOf(request), request.query as never, false),
      });

      app.get(`${url}/export`, {
        schema: {
          tags: ['reports'],
          summary: `${SECTION_TITLES[section]}: CSV (UTF-8 with BOM) or XLSX download of the whole range with totals rows, in English or Chinese`,
          querystring: z.intersection(def.query, ZReportExportOptions),
        },
        config: { access: { kind: 'page', permission: 'viewSalesReport' } },
        handler: async (request, reply) => {
          const auth = authOf(request);
          const query = request.query as TQueryOf<'salesSummary'> & TReportExportOptions;
          const file = await exports.file(requireRestaurantId(auth), section, query, () => def.load(auth, query, true));
          return reply
            .header('content-type', file.contentType)
            .header('content-disposition', file.contentDisposition)
            .send(file.body);
        },
      });
    }
  };
}
