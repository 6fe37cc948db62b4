import { Empty, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TCouponPerformance } from '@ra/shared/coupons/coupons.schemas';
import { useSession } from '../../../stores/session.ts';
import { useCouponPerformance } from '../api/get-coupon-performance.ts';
import { count, money } from '../report-format.ts';
import { previousRangeOf, type TReportRange } from '../report-range.ts';
import { DiscountsSection } from './discounts-section.tsx';
import { FigureCards } from './figure-cards.tsx';
import { QueryState } from './query-state.tsx';

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
 * days, against the comparison period. Only someone who may see them (editCoupon, as the endpoint
 * asks) gets the section; for anyone else it is not there at all, and nothing is requested.
 */
export function CouponsSection({ range }: { range: TReportRange }) {
  const allowed = useSession((s) => s.PagePermissions.editCoupon === true);
  return allowed ? <CouponFigures range={range} /> : null;
}

function CouponFigures({ range }: { range: TReportRange }) {
  const { t } = useTranslation('reports');
  const query = useCouponPerformance(range);
  const previousQuery = useCouponPerformance(previousRangeOf(range));
  const title = t('coupons.title');
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
          const previous = previousQuery.data ? couponTotals(previousQuery.data.rows) : undefined;
          return (
            <>
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
                <Table<TCouponRow>
                  size="middle"
                  rowKey="couponId"
                  dataSource={data.rows}
                  pagination={false}
                  scroll={{ x: 'max-content' }}
                  locale={{
                    emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('coupons.empty')} />,
                  }}
                  columns={[
                    {
                      key: 'name',
                      title: t('coupons.name'),
                      dataIndex: 'name',
                      sorter: (a, b) => a.name.localeCompare(b.name),
                    },
                    ...(
                      [
                        ['uses', t('coupons.uses'), count],
                        ['discountCents', t('coupons.discount'), money],
                        ['salesCents', t('coupons.sales'), money],
                        ['netCents', t('coupons.net'), money],
                      ] as const
                    ).map(([key, title, format]) => ({
                      key,
                      title,
                      dataIndex: key,
                      align: 'right' as const,
                      sorter: (a: TCouponRow, b: TCouponRow) => a[key] - b[key],
                      sortDirections: ['descend' as const, 'ascend' as const],
                      render: (value: number) => format(value),
                    })),
                  ]}
                  summary={() =>
                    data.rows.length > 0 ? (
                      <Table.Summary.Row className="ra-report-table__totals">
                        <Table.Summary.Cell index={0}>
                          <strong>{t('table.total')}</strong>
                        </Table.Summary.Cell>
                        <Table.Summary.Cell index={1} align="right">
                          <strong>{count(totals.uses)}</strong>
                        </Table.Summary.Cell>
                        <Table.Summary.Cell index={2} align="right">
                          <strong>{money(totals.discountCents)}</strong>
                        </Table.Summary.Cell>
                        <Table.Summary.Cell index={3} align="right">
                          <strong>{money(totals.salesCents)}</strong>
                        </Table.Summary.Cell>
                        <Table.Summary.Cell index={4} align="right">
                          <strong>{money(totals.netCents)}</strong>
                        </Table.Summary.Cell>
                      </Table.Summary.Row>
                    ) : null
                  }
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
