import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  REPORT_MAIL_UNSUBSCRIBE_PATH,
  ZReportMailPreview,
  ZReportMailPreviewQuery,
  ZReportMailSendNow,
  ZReportMailSent,
  ZReportMailSettings,
  ZReportMailUnsubscribeQuery,
  ZReportMailUpdate,
} from '@ra/shared/report-mail/report-mail.schemas';
import { authOf } from '../../plugins/access-control.ts';
import type { ReportMailService } from './report-mail.service.ts';
import { unsubscribePage } from './unsubscribe-page.ts';

const ACCESS = { access: { kind: 'page', permission: 'viewSalesReport' } } as const;

export function reportMailRoutes(service: ReportMailService): FastifyPluginAsyncZod {
  return async (app) => {
    // RFC 8058: the mail client POSTs "List-Unsubscribe=One-Click" as a form; its content is not needed.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_r, _b, done) => done(null, {}),
    );

    app.get('/api/api/report-mail/settings', {
      schema: {
        tags: ['report-mail'],
        summary: "The signed-in person's emailed reports of the selected restaurant: daily, weekly, monthly",
        description: 'Needs viewSalesReport (the sales report the email carries).',
        response: { 200: ZReportMailSettings },
      },
      config: ACCESS,
      handler: (request) => service.settings(authOf(request)),
    });

    app.put('/api/api/report-mail/settings', {
      schema: {
        tags: ['report-mail'],
        summary: 'Subscribes to (or unsubscribes from) one frequency, in a language, with or without the XLSX',
        description: 'The email goes out after the business day (week, month) ends in the restaurant’s time zone.',
        body: ZReportMailUpdate,
        response: { 200: ZReportMailSettings },
      },
      config: ACCESS,
      handler: (request) => service.update(authOf(request), request.body),
    });

    app.get('/api/api/report-mail/preview', {
      schema: {
        tags: ['report-mail'],
        summary: 'The email of the last finished period as it would be sent (subject and HTML)',
        querystring: ZReportMailPreviewQuery,
        response: { 200: ZReportMailPreview },
      },
      config: ACCESS,
      handler: (request) => service.preview(authOf(request), request.query.frequency, request.query.lang),
    });

    app.post('/api/api/report-mail/send-now', {
      schema: {
        tags: ['report-mail'],
        summary: 'Sends the last finished period’s email to the signed-in person now',
        description: '503 when the mail server does not take it.',
        body: ZReportMailSendNow,
        response: { 200: ZReportMailSent },
      },
      config: ACCESS,
      handler: (request) =>
        service.sendNow(authOf(request), request.body.frequency, request.body.lang, request.body.includeXlsx),
    });

    // The email's link: GET shows a confirmation page (a link checker opening it changes nothing);
    // POST, from that page or from the mail client's one-click button (RFC 8058), unsubscribes.
    app.get(REPORT_MAIL_UNSUBSCRIBE_PATH, {
      schema: {
        tags: ['report-mail'],
        summary: 'The unsubscribe link of a report email: a page with a one-click button',
        querystring: ZReportMailUnsubscribeQuery,
        produces: ['text/html'],
        response: { 200: z.string() },
      },
      config: { access: { kind: 'public' } },
      handler: async (request, reply) => {
        const { s, t } = request.query;
        return reply.type('text/html; charset=utf-8').send(unsubscribePage('confirm', s, t));
      },
    });

    app.post(REPORT_MAIL_UNSUBSCRIBE_PATH, {
      schema: {
        tags: ['report-mail'],
        summary: 'Unsubscribes the signed link’s subscription (RFC 8058 one-click)',
        description: '400 when the signature does not match. Unsubscribing twice answers 200.',
        querystring: ZReportMailUnsubscribeQuery,
        produces: ['text/html'],
        response: { 200: z.string() },
      },
      config: { access: { kind: 'public' } },
      handler: async (request, reply) => {
        await service.unsubscribe(request.query.s, request.query.t);
        return reply.type('text/html; charset=utf-8').send(unsubscribePage('done', '', ''));
      },
    });
  };
}
