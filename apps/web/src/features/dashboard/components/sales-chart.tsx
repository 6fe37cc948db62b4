import { useState } from 'react';
import { formatMoneyCents } from '@ra/shared/format/number';
import { niceTicks } from './chart-scale.ts';

const ORDERS_COLOR = '#fa8c16';
const W = 640;
const H = 280;
const PAD = { left: 64, right: 40, top: 36, bottom: 28 };

/**
 * Net sales of the last 14 business days as bars, orders as a line. Drawn as SVG rather than with
 * ECharts: the home page is the page everyone opens, and ECharts would add ~160 KB (gzipped) to it
 * for fourteen bars (docs/performance.md). The report pages, with richer charts, use ECharts.
 */
export default function SalesChart({
  days,
  labels,
  primaryColor,
}: {
  days: ReadonlyArray<{ day: string; netSalesCents: number; orders: number }>;
  labels: { netSales: string; orders: string };
  primaryColor: string;
}) {
  const [hover, setHover] = useState<number | null>(null);
  const moneyTicks = niceTicks(Math.max(0, ...days.map((d) => d.netSalesCents)));
  const orderTicks = niceTicks(Math.max(0, ...days.map((d) => d.orders)));
  const moneyMax = moneyTicks[moneyTicks.length - 1] || 1;
  const ordersMax = orderTicks[orderTicks.length - 1] || 1;
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const step = plotW / Math.max(1, days.length);
  const barW = Math.min(28, step * 0.6);
  const x = (i: number) => PAD.left + step * i + step / 2;
  const yMoney = (cents: number) => PAD.top + plotH - (cents / moneyMax) * plotH;
  const yOrders = (n: number) => PAD.top + plotH - (n / ordersMax) * plotH;
  const line = days.map((d, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${yOrders(d.orders).toFixed(1)}`).join(' ');
  const shortMoney = (cents: number) => formatMoneyCents(cents).replace(/\.00$/, '');
  const summary = days.map((d) => `${d.day}: ${formatMoneyCents(d.netSalesCents)}, ${d.orders}`).join('; ');
  const hovered = hover === null ? undefined : days[hover];

  return (
    <div style={{ position: 'relative' }}>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        width="100%"
        height={H}
        role="img"
        aria-label={`${labels.netSales} / ${labels.orders}: ${summary}`}
        onMouseLeave={() => setHover(null)}
        style={{ display: 'block', fontSize: 13 }}
      >
        <g aria-hidden="true">
          <rect x={W / 2 - 90} y={6} width={12} height={10} rx={2} fill={primaryColor} />
          <text x={W / 2 - 72} y={15} fill="currentColor">
            {labels.netSales}
          </text>
          <line x1={W / 2 + 20} x2={W / 2 + 38} y1={11} y2={11} stroke={ORDERS_COLOR} strokeWidth={2} />
          <text x={W / 2 + 44} y={15} fill="currentColor">
            {labels.orders}
          </text>
        </g>
        {moneyTicks.map((tick, i) => {
          const y = yMoney(tick);
          return (
            <g key={tick} aria-hidden="true">
              <line x1={PAD.left} x2={W - PAD.right} y1={y} y2={y} stroke="currentColor" strokeOpacity={0.12} />
              <text x={PAD.left - 6} y={y + 4} textAnchor="end" fill="currentColor" fillOpacity={0.65}>
                {shortMoney(tick)}
              </text>
              <text x={W - PAD.right + 6} y={y + 4} fill="currentColor" fillOpacity={0.65}>
                {orderTicks[i] ?? ''}
              </text>
            </g>
          );
        })}
        {days.map((d, i) => (
          <g key={d.day} onMouseEnter={() => setHover(i)}>
            <rect x={x(i) - step / 2} y={PAD.top} width={step} height={plotH} fill="transparent" />
            <rect
              x={x(i) - barW / 2}
              y={yMoney(d.netSalesCents)}
              width={barW}
              height={Math.max(0, PAD.top + plotH - yMoney(d.netSalesCents))}
              rx={2}
              fill={primaryColor}
              fillOpacity={hover === null || hover === i ? 1 : 0.55}
            />
            {(i % 2 === 0 || days.length <= 7) && (
              <text x={x(i)} y={H - 8} textAnchor="middle" fill="currentColor" fillOpacity={0.65} aria-hidden="true">
                {d.day.slice(5)}
              </text>
            )}
          </g>
        ))}
        <path d={line} fill="none" stroke={ORDERS_COLOR} strokeWidth={2} aria-hidden="true" />
        {days.map((d, i) => (
          <circle
            key={d.day}
            cx={x(i)}
            cy={yOrders(d.orders)}
            r={3}
            fill="#fff"
            stroke={ORDERS_COLOR}
            aria-hidden="true"
          />
        ))}
      </svg>
      {hovered && hover !== null && (
        <div className="ra-chart-tip" role="status" style={{ left: `${(x(hover) / W) * 100}%` }}>
          <strong>{hovered.day}</strong>
          <span>
            {labels.netSales}: {formatMoneyCents(hovered.netSalesCents)}
          </span>
          <span>
            {labels.orders}: {hovered.orders}
          </span>
        </div>
      )}
    </div>
  );
}
