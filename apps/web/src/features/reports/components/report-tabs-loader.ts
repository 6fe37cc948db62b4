import type ReportTabsComponent from './report-tabs.tsx';

type TReportTabs = typeof ReportTabsComponent;

let loaded: TReportTabs | undefined;
let loading: Promise<TReportTabs> | undefined;

/**
 * The wide screen's tab strip (report-tabs.tsx), loaded once. The summary's route loader waits for it
 * beside the figures (api/prefetch-sales-summary.ts), so ReportLayout draws the report inside its tabs
 * at once instead of drawing it bare, then again inside the tabs when their code arrives (issue 21). A
 * failed load is tried again by the next caller.
 */
export function loadReportTabs(): Promise<TReportTabs> {
  loading ??= import('./report-tabs.tsx').then(
    (m) => (loaded = m.default),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The tab strip if its code is already here, so a render need not suspend for it. */
export function loadedReportTabs(): TReportTabs | undefined {
  return loaded;
}
