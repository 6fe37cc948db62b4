import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TSalesFigures, TSalesSummaryResponse } from '@ra/shared/reports/reports.schemas';
import { changeRatio } from '@ra/shared/reports/report-math';
import { useSalesSummary } from '../api/get-sales-summary.ts';
import { useLiveSales } from '../../../lib/live-sales.ts';
import { useBusinessToday } from '../hooks/use-report-range.ts';
import { count, money } from '../report-format.ts';
import type { TReportColumn } from '../report-columns.ts';
import type { TReportRange } from '../report-range.ts';
import { AfterFirstPaint } from '../../../components/after-first-paint.tsx';
import { ChangeTag } from './change-tag.tsx';
import { FigureCards, type TFigure } from './figure-cards.tsx';
import { GiftCardSalesLine } from './gift-card-sales-line.tsx';
import { NoSales, QueryState, SectionSkeleton } from './query-state.tsx';
import type * as ReportTableModule from './report-table.tsx';
import { SameTimeNote } from './same-time-note.tsx';

type TChannelRow = TSalesSummaryResponse['byChannel'][number];

/**
 * The by-channel table sits below the figures (below the fold on a phone): its code (antd's table,
 * pagination, the export) loads while the figures are drawn, and it renders in a task of its own after
 * them (issue 21: the cards, the page's largest paint, wait for neither).
 */
const ReportTable = lazy(async () => ({
  default: (await import('./report-table.tsx')).ReportTable,
})) as unknown as typeof ReportTableModule.ReportTable;

export const SUMMARY_FIGURES: Array<{
  key: keyof TSalesFigures;
  kind: 'cents' | 'count';
  higherIsBetter?: boolean;
  emphasis?: boolean;
}> = [
  // net sales = gross - discounts - comps (docs/decisions.md "Totals"): the deductions sit between them
  { key: 'grossSalesCents', kind: 'cents' },
  { key: 'discountCents', kind: 'cents', higherIsBetter: false },
  { key: 'compCents', kind: 'cents', higherIsBetter: false },
  { key: 'netSalesCents', kind: 'cents', emphasis: true },
  { key: 'taxCents', kind: 'cents' },
  { key: 'serviceChargeCents', kind: 'cents' },
  { key: 'tipCents', kind: 'cents' },
  { key: 'refundCents', kind: 'cents', higherIsBetter: false },
  { key: 'totalCollectedCents', kind: 'cents', emphasis: true },
  { key: 'orderCount', kind: 'count' },
  { key: 'guestCount', kind: 'count' },
  { key: 'averageCheckCents', kind: 'cents' },
  { key: 'averageGuestCents', kind: 'cents' },
  // voided lines were never charged: not in gross sales, so not a deduction from it; reported apart
  { key: 'voidCents', kind: 'cents', higherIsBetter: false },
];

/** How net sales is reached from gross sales, with this period's figures, and where voids stand. */
export function NetSalesFormula({ figures }: { figures: TSalesFigures }) {
  const { t } = useTranslation('reports');
  return (
    <p className="ra-report-formula" data-testid="net-formula">
      <span>
        <strong>{t('figures.netSalesCents')}</strong> {money(figures.netSalesCents)}
      </span>
      <span aria-hidden>=</span>
      <span className="ra-sr-only">{t('formula.equals')}</span>
      <span>
        {t('figures.grossSalesCents')} {money(figures.grossSalesCents)}
      </span>
      <span aria-hidden>−</span>
      <span className="ra-sr-only">{t('formula.minus')}</span>
      <span>
        {t('figures.discountCents')} {money(figures.discountCents)}
      </span>
      <span aria-hidden>−</span>
      <span className="ra-sr-only">{t('formula.minus')}</span>
      <span>
        {t('figures.compCents')} {money(figures.compCents)}
      </span>
      <span>· {t('formula.voids', { value: money(figures.voidCents) })}</span>
    </p>
  );
}

/** Sales summary (SPEC 2 "salesSummary"): the period's figures against the previous one, and by channel. */
export function SalesSummarySection({ range }: { range: TReportRange }) {
  const { t } = useTranslation('reports');
  const { t: tMail } = useTranslation('report-mail');
  const query = useSalesSummary(range);
  // A range that includes the business day in progress follows the POS live; a past range costs nothing.
  const today = useBusinessToday();
  useLiveSales(range.from <= today && today <= range.to, [['reports']]);

  const channelColumns: TReportColumn<TChannelRow>[] = [
    { key: 'channel', title: t('columns.channel'), value: (r) => t(`channel.${r.channel}`) },
    {
      key: 'net',
      title: t('figures.netSalesCents'),
      kind: 'cents',
      value: (r) => r.current.netSalesCents,
      phone: 'first',
    },
    { key: 'orders', title: t('figures.orderCount'), kind: 'count', value: (r) => r.current.orderCount },
    { key: 'guests', title: t('figures.guestCount'), kind: 'count', value: (r) => r.current.guestCount },
    { key: 'gross', title: t('figures.grossSalesCents'), kind: 'cents', value: (r) => r.current.grossSalesCents },
    { key: 'avg', title: t('figures.averageCheckCents'), kind: 'cents', value: (r) => r.current.averageCheckCents },
    {
      key: 'prevNet',
      title: t('columns.previousNet'),
      kind: 'cents',
      value: (r) => r.previous?.netSalesCents ?? null,
    },
    {
      key: 'change',
      title: t('columns.change'),
      kind: 'percent',
      value: (r) => (r.previous ? changeRatio(r.current.netSalesCents, r.previous.netSalesCents) : null),
      render: (r) => <ChangeTag current={r.current.netSalesCents} previous={r.previous?.netSalesCents} />,
    },
  ];

  return (
    <QueryState query={query} shape="cards">
      {(data) => {
        const figures: TFigure[] = SUMMARY_FIGURES.map((f) => ({
          key: f.key,
          label: t(`figures.${f.key}`),
          current: data.current[f.key],
          previous: data.previous?.[f.key],
          format: f.kind === 'cents' ? money : count,
          higherIsBetter: f.higherIsBetter,
          emphasis: f.emphasis,
        }));
        const totals = {
          channel: null,
          orders: data.current.orderCount,
          guests: data.current.guestCount,
          gross: data.current.grossSalesCents,
          net: data.current.netSalesCents,
          avg: data.current.averageCheckCents,
          prevNet: data.previous?.netSalesCents ?? null,
          change: data.previous ? changeRatio(data.current.netSalesCents, data.previous.netSalesCents) : null,
        };
        return (
          <div className="ra-report__body">
            {data.current.orderCount === 0 && <NoSales />}
            <SameTimeNote sameTime={data.sameTime} previousRange={data.previousRange} />
            <NetSalesFormula figures={data.current} />
            <FigureCards figures={figures} />
            {/* below the figures: drawn right after them, in slices, so the first screen does not wait */}
            <AfterFirstPaint>
              <GiftCardSalesLine line={data.giftCardSales} />
              <p className="ra-report__email-link">
                <Link to="/salesReport/emailReports">{tMail('link')}</Link>
              </p>
              <Suspense fallback={<SectionSkeleton shape="table" />}>
                <div className="ra-report-panel">
                  <ReportTable
                    title={t('tables.byChannel')}
                    section="salesSummary"
                    range={range}
                    columns={channelColumns}
                    rows={data.current.orderCount === 0 ? [] : data.byChannel}
                    rowKey={(r) => r.channel}
                    totals={totals}
                  />
                </div>
              </Suspense>
            </AfterFirstPaint>
          </div>
        );
      }}
    </QueryState>
  );
}
