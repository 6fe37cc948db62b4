import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { formatMoneyCents } from '@ra/shared/format/number';

// loaded lazily with this module: the dashboard's first paint never waits for echarts
echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

const money = (value: number) => formatMoneyCents(Math.round(value * 100));

/** Net sales of the last 14 business days as bars, orders as a line. */
export default function SalesChart({
  days,
  labels,
  primaryColor,
}: {
  days: ReadonlyArray<{ day: string; netSalesCents: number; orders: number }>;
  labels: { netSales: string; orders: string };
  primaryColor: string;
}) {
  const option = {
    color: [primaryColor, '#fa8c16'],
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 8, right: 8, top: 36, bottom: 4, containLabel: true },
    xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
    yAxis: [
      { type: 'value', axisLabel: { formatter: (v: number) => money(v).replace(/\.00$/, '') } },
      { type: 'value', splitLine: { show: false }, minInterval: 1 },
    ],
    series: [
      {
        name: labels.netSales,
        type: 'bar',
        barMaxWidth: 28,
        data: days.map((d) => d.netSalesCents / 100),
        tooltip: { valueFormatter: (v: number) => money(v) },
      },
      { name: labels.orders, type: 'line', yAxisIndex: 1, smooth: true, data: days.map((d) => d.orders) },
    ],
  };
  return <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height: 280, width: '100%' }} />;
}
