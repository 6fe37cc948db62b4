import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/access-control.ts';
import { ZDashboardTodayResponse } from '@ra/shared/dashboard/dashboard.schemas';
import {
  ZCalendarQuery,
  ZCalendarYearQuery,
  ZOrderCalendarResponse,
  ZOrderCalendarYearResponse,
} from '@ra/shared/dashboard/order-calendar.schemas';
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

    app.get('/api/api/order-calendar/year', {
      schema: {
        tags: ['dashboard'],
        summary: "Order calendar's year view: orders, parties, guests and net sales per month of a year",
        description: 'The same access as the month view.',
        querystring: ZCalendarYearQuery,
        response: { 200: ZOrderCalendarYearResponse },
      },
      config: { access: { kind: 'restaurant' } },
      handler: (request) => service.orderCalendarYear(authOf(request), request.query.year),
    });

    app.get('/api/api/dashboard/today', {
      schema: {
        tags: ['dashboard'],
        summary:
          'Dashboard home: today so far vs the same time on the same weekday last week, 14-day sales (today partial), latest orders',
        description: 'Money figures need viewSalesReport; without it the web app shows a plain welcome.',
        response: { 200: ZDashboardTodayResponse },
      },
      config: { access: { kind: 'page', permission: 'viewSalesReport' } },
      handler: (request) => service.today(authOf(request)),
    });
  };
}
