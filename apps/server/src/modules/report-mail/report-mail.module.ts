import type { TModule, TModuleDeps } from '../module-deps.ts';
import type { TReportsApi } from '../reports/reports.module.ts';
import { ReportMailRepository } from './report-mail.repository.ts';
import { reportMailRoutes } from './report-mail.routes.ts';
import { ReportMailService } from './report-mail.service.ts';

export { REPORT_MAIL_QUEUE } from './report-mail.service.ts';

/** What others read of reports by email: the signed unsubscribe link of a subscription (tests, the demo). */
export interface TReportMailApi {
  unsubscribeUrl(subscriptionId: number): string;
}

/**
 * Reports by email (issue 24): subscriptions per person, restaurant and frequency; each period's email
 * (HTML summary with the comparison, PDF, optional XLSX) goes out through the job queue after the
 * period's last business day ends in the restaurant's zone.
 */
export function reportMailModule(
  deps: Pick<TModuleDeps, 'db' | 'clock' | 'email' | 'jobs' | 'config'> & {
    reports: Pick<TReportsApi, 'clock' | 'fileContext' | 'salesByDay'>;
    /** Queue every subscription's current period at start (servers on a running clock; not tests). */
    sweepOnStart: boolean;
  },
): TModule<TReportMailApi> {
  const service = new ReportMailService(
    new ReportMailRepository(deps.db),
    deps.reports,
    deps.email,
    deps.jobs,
    deps.clock,
    deps.config.jwtSecret,
    deps.config.publicUrl,
  );
  const routes = reportMailRoutes(service);
  return {
    // The worker is registered with the routes, as the app is assembled.
    routes: async (app, options) => {
      await service.start(deps.sweepOnStart);
      await routes(app, options);
    },
    api: { unsubscribeUrl: (id) => service.unsubscribeUrl(id) },
  };
}
