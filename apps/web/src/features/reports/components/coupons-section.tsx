import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TCouponPerformance } from '@ra/shared/coupons/coupons.schemas';
import { useSession } from '../../../stores/session.ts';
import { useCouponPerformance } from '../api/get-coupon-performance.ts';
import { count, money } from '../report-format.ts';
import type { TReportColumn } from '../report-columns.ts';
import type { TReportRange } from '../report-range.ts';
import { DiscountsSection } from './discounts-section.tsx';
import { FigureCards } from './figure-cards.tsx';
import { QueryState } from './query-state.tsx';
import { ReportTable } from './report-table.tsx';
import { SameTimeNote } from './same-time-note.tsx';

type TCouponRow = TCouponPerformance['rows'][number];
type TCouponTotals = Pick<TCouponRow, 'uses' | 'discountCents' | 'salesCents' | 'netCents'>;

/** The figures of every coupon added up. */
export function couponTotals(rows: readonly TCouponRow[]): TCouponTotals {
  return rows.reduce(
    (t, r) => ({
      uses: t.uses + r.uses,
      discountCents: t.discountCents + r.discountCents,
      salesCents: t.salesCents + r.salesCents,
      netCents: t.netCents + r.netCents,
    }),
    { uses: 0, discountCents: 0, salesCents: 0, netCents: 0 },
  );
}

/**
 * Coupons in the sales report (issue 10 "Coupon performance in the reports"): the coupon page's
 * performance figures (the server's own computation, GET /api/api/coupon/performance) for the report's
 * days, against the comparison period the server adds (cut at the same time on a day in progress),
 * with the report tables' CSV export. Only someone who may see them (editCoupon, as the endpoint asks)
 * gets the section; for anyone else it is not there at all, and nothing is requested.
 */
export function CouponsSection({ range }: { range: TReportRange }) {
  const allowed = useSession((s) => s.PagePermissions.editCoupon === true);
  return allowed ? <CouponFigures range={range} /> : null;
}

function CouponFigures({ range }: { range: TReportRange }) {
  const { t } = useTranslation('reports');
  const query = useCouponPerformance(range);
  const title = t('coupons.title');
  const columns: TReportColumn<TCouponRow>[] = [
    { key: 'name', title: t('coupons.name'), value: (r) => r.name },
    { key: 'uses', title: t('coupons.uses'), kind: 'count', value: (r) => r.uses },
    { key: 'discountCents', title: t('coupons.discount'), kind: 'cents', value: (r) => r.discountCents },
    { key: 'salesCents', title: t('coupons.sales'), kind: 'cents', value: (r) => r.salesCents },
    { key: 'netCents', title: t('coupons.net'), kind: 'cents', value: (r) => r.netCents, phone: 'first' },
  ];
  return (
    <section className="ra-report__body" aria-label={title} data-testid="coupon-performance">
      <div>
        <Typography.Title level={5} className="ra-report-table__title">
          {title}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('coupons.note')}
        </Typography.Paragraph>
      </div>
      <QueryState query={query} shape="table">
        {(data) => {
          const totals = couponTotals(data.rows);
          const previous = data.previous ? couponTotals(data.previous) : undefined;
          return (
            <>
              <SameTimeNote sameTime={data.sameTime} previousRange={data.previousRange} />
              <FigureCards
                figures={[
                  {
                    key: 'uses',
                    label: t('coupons.uses'),
                    current: totals.uses,
                    previous: previous?.uses,
                    format: count,
                  },
                  {
                    key: 'discount',
                    label: t('coupons.discount'),
                    current: totals.discountCents,
                    previous: previous?.discountCents,
                    format: money,
                    higherIsBetter: false,
                  },
                  {
                    key: 'sales',
                    label: t('coupons.sales'),
                    current: totals.salesCents,
                    previous: previous?.salesCents,
                    format: money,
                  },
                  {
                    key: 'net',
                    label: t('coupons.net'),
                    current: totals.netCents,
                    previous: previous?.netCents,
                    format: money,
                    emphasis: true,
                  },
                ]}
              />
              <div className="ra-report-panel">
                <ReportTable<TCouponRow>
                  title={t('tables.coupons')}
                  range={range}
                  columns={columns}
                  rows={data.rows}
                  rowKey={(r) => String(r.couponId)}
                  totals={{ name: null, ...totals }}
                  previousTotals={previous ? { name: null, ...previous } : null}
                  emptyText={t('coupons.empty')}
                />
              </div>
            </>
          );
        }}
      </QueryState>
    </section>
  );
}

/** The report's discount tab: discounts by name, then (for those who may see them) coupons. */
export function DiscountsAndCouponsSection({ range }: { range: TReportRange }) {
  return (
    <>
      <DiscountsSection range={range} />
      <CouponsSection range={range} />
    </>
  );
}
