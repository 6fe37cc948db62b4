import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { TTrendPoint } from '@ra/shared/reports/reports.schemas';
import { toThousands } from '@ra/shared/format/number';
import { axisMoney, money } from '../report-format.ts';
import { useReducedMotion } from '../../../lib/media-query.ts';

// Only what the trend chart draws: this module is loaded lazily, so echarts never reaches the first page.
echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export interface TTrendChartProps {
  points: readonly TTrendPoint[];
  previousPoints: readonly TTrendPoint[] | null;
  labels: { netSales: string; previousNetSales: string; orders: string };
  primaryColor: string;
}

/** Net sales as a line with the previous period dashed over it, and orders as bars on their own axis. */
export default function TrendChart({ points, previousPoints, labels, primaryColor }: TTrendChartProps) {
  // Drawn at once, without the growing animation, for a person who asked their system for less motion.
  const reducedMotion = useReducedMotion();
  const option = {
    animation: !reducedMotion,
    color: [primaryColor, '#8c8c8c', '#d6e4ff'],
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value: number | string) => (typeof value === 'number' ? toThousands(value) : value),
    },
    legend: { top: 0 },
    grid: { left: 8, right: 8, top: 40, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: points.map((p) => p.label) },
    yAxis: [
      {
        type: 'value',
        axisLabel: { formatter: (v: number) => axisMoney(Math.round(v * 100)) },
      },
      { type: 'value', splitLine: { show: false }, minInterval: 1 },
    ],
    series: [
      {
        name: labels.netSales,
        type: 'line',
        smooth: true,
        data: points.map((p) => p.netSalesCents / 100),
        tooltip: { valueFormatter: (v: number) => money(Math.round(v * 100)) },
      },
      ...(previousPoints
        ? [
            {
              name: labels.previousNetSales,
              type: 'line',
              smooth: true,
              lineStyle: { type: 'dashed' },
              data: points.map((_, i) => (previousPoints[i] ? previousPoints[i].netSalesCents / 100 : null)),
              tooltip: { valueFormatter: (v: number) => money(Math.round(v * 100)) },
            },
          ]
        : []),
      { name: labels.orders, type: 'bar', yAxisIndex: 1, barMaxWidth: 24, data: points.map((p) => p.orders) },
    ],
  };
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      notMerge
      style={{ height: 340, width: '100%' }}
      opts={{ renderer: 'canvas' }}
    />
  );
}
