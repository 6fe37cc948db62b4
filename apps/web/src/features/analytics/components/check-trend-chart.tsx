import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { formatMoneyCents } from '@ra/shared/format/number';

echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

const money = (value: number) => formatMoneyCents(Math.round(value * 100));

/** Average check by week (line) with the week's orders (bars). */
export default function CheckTrendChart({
  weeks,
  labels,
  primaryColor,
}: {
  weeks: ReadonlyArray<{ week: string; orders: number; averageCheckCents: number }>;
  labels: { averageCheck: string; orders: string };
  primaryColor: string;
}) {
  const option = {
    color: [primaryColor, '#d6e4ff'],
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 8, right: 8, top: 36, bottom: 4, containLabel: true },
    xAxis: { type: 'category', data: weeks.map((w) => w.week.slice(5)) },
    yAxis: [
      { type: 'value', axisLabel: { formatter: (v: number) => money(v).replace(/\.00$/, '') } },
      { type: 'value', splitLine: { show: false }, minInterval: 1 },
    ],
    series: [
      {
        name: labels.averageCheck,
        type: 'line',
        smooth: true,
        data: weeks.map((w) => w.averageCheckCents / 100),
        tooltip: { valueFormatter: (v: number) => money(v) },
      },
      { name: labels.orders, type: 'bar', yAxisIndex: 1, barMaxWidth: 24, data: weeks.map((w) => w.orders), z: 1 },
    ],
  };
  return <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height: 300, width: '100%' }} />;
}
