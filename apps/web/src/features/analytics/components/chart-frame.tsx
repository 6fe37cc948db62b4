import { useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A chart panel with its text alternative: the canvas is hidden from screen readers and the same
 * figures are a table, visually hidden beside the chart, or shown in its place with "Show as table"
 * (which also suits anyone who wants the exact numbers).
 */
export function ChartFrame({
  title,
  chart,
  summary,
  table,
  children,
}: {
  title: string;
  /** The container's data-chart name, e.g. 'busiest-hours'. */
  chart: string;
  /** One visible sentence with the chart's main finding. */
  summary?: ReactNode;
  table: ReactNode;
  /** The chart itself. */
  children: ReactNode;
}) {
  const { t } = useTranslation('analytics');
  const [asTable, setAsTable] = useState(false);
  return (
    <section className="ra-an__panel" aria-label={title}>
      <div className="ra-an__panel-head">
        <h2 className="ra-an__title">{title}</h2>
        <Button size="small" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
          {asTable ? t('chart.showChart') : t('chart.showTable')}
        </Button>
      </div>
      {summary && <p className="ra-an__hint">{summary}</p>}
      {asTable ? (
        <div className="ra-an__table-wrap" data-table={chart}>
          {table}
        </div>
      ) : (
        <>
          <div className="ra-chart" data-chart={chart} aria-hidden="true">
            {children}
          </div>
          <div className="ra-visually-hidden" data-table={chart}>
            {table}
          </div>
        </>
      )}
    </section>
  );
}
