import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { TCheckTrendWeek } from '@ra/shared/analytics/analytics.schemas';
import { checkTrendSeries } from '../chart-data.ts';
import { useReducedMotion } from '../../../lib/media-query.ts';

echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

/**
 * Average check by week (line) with the week's orders (bars). The week still in progress is drawn
 * apart (dashed line, lighter bar, "so far" label) and a week without orders is a gap, so the line
 * never falls to $0 for a week that has barely begun.
 */
export default function CheckTrendChart({
  weeks,
  labels,
  primaryColor,
  weekLabel,
  formatMoney,
}: {
  weeks: readonly TCheckTrendWeek[];
  labels: { averageCheck: string; averageCheckSoFar: string; orders: string };
  primaryColor: string;
  weekLabel: (w: TCheckTrendWeek) => string;
  formatMoney: (cents: number) => string;
}) {
  const money = (value: number | null | undefined) =>
    value === null || value === undefined ? '—' : formatMoney(Math.round(value * 100));
  const series = checkTrendSeries(weeks);
  // Drawn at once, without the growing animation, for a person who asked their system for less motion.
  const reducedMotion = useReducedMotion();
  const option = {
    animation: !reducedMotion,
    color: [primaryColor, primaryColor, '#d6e4ff'],
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 8, right: 8, top: 36, bottom: 4, containLabel: true },
    xAxis: { type: 'category', data: weeks.map(weekLabel) },
    yAxis: [
      { type: 'value', axisLabel: { formatter: (v: number) => money(v).replace(/\.00$/, '') } },
      { type: 'value', splitLine: { show: false }, minInterval: 1 },
    ],
    series: [
      {
        name: labels.averageCheck,
        type: 'line',
        smooth: true,
        connectNulls: false,
        data: series.complete,
        tooltip: { valueFormatter: money },
      },
      {
        name: labels.averageCheckSoFar,
        type: 'line',
        connectNulls: false,
        lineStyle: { type: 'dashed' },
        symbol: 'emptyCircle',
        data: series.soFar,
        tooltip: { valueFormatter: money },
      },
      {
        name: labels.orders,
        type: 'bar',
        yAxisIndex: 1,
        barMaxWidth: 24,
        z: 1,
        data: weeks.map((w) => ({ value: w.orders, itemStyle: w.inProgress ? { opacity: 0.45 } : undefined })),
      },
    ],
  };
  return <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height: 300, width: '100%' }} />;
}
