import type { TMatrixEnv, TBuilder } from './types.ts';

/**
 * Reports by email (issue 24): every route is the signed-in person's own subscription at the selected
 * restaurant, under viewSalesReport. Golden Dragon's owner asking the same gets Golden Dragon's
 * settings and report, never Harbor's (the matrix's Harbor markers). The unsubscribe link is public
 * (its signature is the credential) and is tested in modules/report-mail/report-mail.test.ts.
 */
export async function reportMailBuilders(_env: TMatrixEnv): Promise<Record<string, TBuilder>> {
  return {
    'GET /api/api/report-mail/settings': { build: () => ({ url: '/api/api/report-mail/settings' }) },
    'PUT /api/api/report-mail/settings': {
      build: () => ({
        url: '/api/api/report-mail/settings',
        payload: { frequency: 'weekly', subscribed: true, language: 'en', includeXlsx: false },
      }),
    },
    'GET /api/api/report-mail/preview': {
      build: () => ({ url: '/api/api/report-mail/preview', query: { frequency: 'daily', lang: 'en' } }),
    },
    'POST /api/api/report-mail/send-now': {
      build: () => ({ url: '/api/api/report-mail/send-now', payload: { frequency: 'daily', lang: 'en' } }),
    },
  };
}
