import { useState } from 'react';
import { niceTicks } from './chart-scale.ts';

const ORDERS_COLOR = '#fa8c16';
const W = 640;
const H = 280;
const PAD = { left: 64, right: 40, top: 36, bottom: 28 };

export interface TChartDay {
  day: string;
  netSalesCents: number;
  orders: number;
  /** Today, still in progress: drawn lighter, with a dashed outline and line, and said "so far". */
  partial: boolean;
}

/**
 * Net sales of the last 14 business days as bars, orders as a line. Drawn as SVG rather than with
 * ECharts: the home page is the page everyone opens, and ECharts would add ~160 KB (gzipped) to it
 * for fourteen bars (docs/performance.md). Today's bar is partial, so it is drawn apart rather than
 * read as a day that fell to nothing; a table carries the same figures for screen readers.
 */
export default function SalesChart({
  days,
  labels,
  primaryColor,
  formatDayLabel,
  formatDayLong,
  formatMoney,
  formatAxisMoney,
  formatCount,
}: {
  days: readonly TChartDay[];
  labels: { netSales: string; orders: string; soFar: string; day: string; summary: string };
  primaryColor: string;
  formatDayLabel: (day: string, partial: boolean) => string;
  formatDayLong: (day: string) => string;
  formatMoney: (cents: number) => string;
  /** Short money for the y-axis gutter ("$20K" / "$2万"): a full "$20,000" does not fit it in Chinese. */
  formatAxisMoney: (cents: number) => string;
  formatCount: (n: number) => string;
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
  const point = (i: number) => `${x(i).toFixed(1)},${yOrders(days[i]!.orders).toFixed(1)}`;
  // whole days joined by a solid line; the step into today's partial day is dashed
  const whole = days.map((d, i) => ({ d, i })).filter(({ d }) => !d.partial);
  const solid = whole.map(({ i }, n) => `${n === 0 ? 'M' : 'L'}${point(i)}`).join(' ');
  const dashed = days
    .map((d, i) => ({ d, i }))
    .filter(({ d, i }) => d.partial && i > 0)
    .map(({ i }) => `M${point(i - 1)} L${point(i)}`)
    .join(' ');
  const hovered = hover === null ? undefined : days[hover];
  const dayName = (d: TChartDay) => (d.partial ? `${formatDayLong(d.day)} (${labels.soFar})` : formatDayLong(d.day));

  return (
    <div style={{ position: 'relative' }}>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        width="100%"
        height={H}
        aria-hidden="true"
        onMouseLeave={() => setHover(null)}
        style={{ display: 'block', fontSize: 13 }}
      >
        <g>
          <rect x={W / 2 - 170} y={6} width={12} height={10} rx={2} fill={primaryColor} />
          <text x={W / 2 - 152} y={15} fill="currentColor">
            {labels.netSales}
          </text>
          <line x1={W / 2 - 60} x2={W / 2 - 42} y1={11} y2={11} stroke={ORDERS_COLOR} strokeWidth={2} />
          <text x={W / 2 - 36} y={15} fill="currentColor">
            {labels.orders}
          </text>
          <rect
            x={W / 2 + 40}
            y={6}
            width={12}
            height={10}
            rx={2}
            fill={primaryColor}
            fillOpacity={0.3}
            stroke={primaryColor}
            strokeDasharray="3 2"
          />
          <text x={W / 2 + 58} y={15} fill="currentColor" data-legend="so-far">
            {labels.soFar}
          </text>
        </g>
        {moneyTicks.map((tick, i) => {
          const y = yMoney(tick);
          return (
            <g key={tick}>
              <line x1={PAD.left} x2={W - PAD.right} y1={y} y2={y} stroke="currentColor" strokeOpacity={0.12} />
              <text x={PAD.left - 6} y={y + 4} textAnchor="end" fill="currentColor" fillOpacity={0.65}>
                {formatAxisMoney(tick)}
              </text>
              <text x={W - PAD.right + 6} y={y + 4} fill="currentColor" fillOpacity={0.65}>
                {orderTicks[i] === undefined ? '' : formatCount(orderTicks[i])}
              </text>
            </g>
          );
        })}
        {days.map((d, i) => (
          <g key={d.day} onMouseEnter={() => setHover(i)} data-day={d.day} data-partial={d.partial || undefined}>
            <rect x={x(i) - step / 2} y={PAD.top} width={step} height={plotH} fill="transparent" />
            <rect
              className="ra-chart__bar"
              x={x(i) - barW / 2}
              y={yMoney(d.netSalesCents)}
              width={barW}
              height={Math.max(0, PAD.top + plotH - yMoney(d.netSalesCents))}
              rx={2}
              fill={primaryColor}
              fillOpacity={(d.partial ? 0.3 : 1) * (hover === null || hover === i ? 1 : 0.55)}
              stroke={d.partial ? primaryColor : undefined}
              strokeDasharray={d.partial ? '4 3' : undefined}
            />
            {(i % 2 === (days.length - 1) % 2 || days.length <= 7) && (
              <text x={x(i)} y={H - 8} textAnchor="middle" fill="currentColor" fillOpacity={0.65}>
                {formatDayLabel(d.day, d.partial)}
              </text>
            )}
          </g>
        ))}
        <path d={solid} fill="none" stroke={ORDERS_COLOR} strokeWidth={2} />
        {dashed && <path d={dashed} fill="none" stroke={ORDERS_COLOR} strokeWidth={2} strokeDasharray="5 4" />}
        {days.map((d, i) => (
          <circle
            key={d.day}
            cx={x(i)}
            cy={yOrders(d.orders)}
            r={3}
            fill={d.partial ? ORDERS_COLOR : '#fff'}
            fillOpacity={d.partial ? 0.35 : 1}
            stroke={ORDERS_COLOR}
          />
        ))}
      </svg>
      {/* a table cannot be shrunk out of sight itself (it grows to its content): its box can */}
      <div className="ra-visually-hidden">
        <table>
          <caption>{labels.summary}</caption>
          <thead>
            <tr>
              <th scope="col">{labels.day}</th>
              <th scope="col">{labels.netSales}</th>
              <th scope="col">{labels.orders}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{dayName(d)}</th>
                <td>{formatMoney(d.netSalesCents)}</td>
                <td>{formatCount(d.orders)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {hovered && hover !== null && (
        <div className="ra-chart-tip" role="status" style={{ left: `${(x(hover) / W) * 100}%` }}>
          <strong>{dayName(hovered)}</strong>
          <span>
            {labels.netSales}: {formatMoney(hovered.netSalesCents)}
          </span>
          <span>
            {labels.orders}: {formatCount(hovered.orders)}
          </span>
        </div>
      )}
    </div>
  );
}
