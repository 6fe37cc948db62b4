import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/access-control.ts';
import { ZCalendarQuery, ZDashboardTodayResponse, ZOrderCalendarResponse } from './dashboard.schemas.ts';
import type { DashboardService } from './dashboard.service.ts';

export function dashboardRoutes(service: DashboardService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/api/order-calendar', {
      schema: {
        tags: ['dashboard'],
        summary:
          'Order calendar: orders, parties, guests and net sales per business day of a month, with the time-zone label',
        description: 'Owners, agents and admins (the route group the page belongs to), or anyone with viewSalesReport.',
        querystring: ZCalendarQuery,
        response: { 200: ZOrderCalendarResponse },
      },
      // The page's own rule (roles or viewSalesReport) is checked in the service.
      config: { access: { kind: 'restaurant' } },
      handler: (request) => service.orderCalendar(authOf(request), request.query.month),
    });

    app.get('/api/api/dashboard/today', {
      schema: {
        tags: ['dashboard'],
        summary: 'Dashboard home: today so far vs the same weekday last week, 14-day sales, latest orders',
        description: 'Money figures need viewSalesReport; without it the web app shows a plain welcome.',
        response: { 200: ZDashboardTodayResponse },
      },
      config: { access: { kind: 'page', permission: 'viewSalesReport' } },
      handler: (request) => service.today(authOf(request)),
    });
  };
}
