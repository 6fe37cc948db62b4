import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { formatCentsCompact } from '@ra/shared/format/locale-format';
import type { TTrendMeasure, TTrendPoint } from '@ra/shared/insight/insight.schemas';
import { formatCents, MONEY_MEASURES, trendValue } from '../comparison-format.ts';
import { useReducedMotion } from '../../../lib/media-query.ts';

// Only what this chart draws: the module is loaded lazily, so echarts never reaches the first page.
echarts.use([LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export interface TComparisonTrendChartProps {
  measure: TTrendMeasure;
  current: readonly TTrendPoint[];
  previous: readonly TTrendPoint[];
  labels: { current: string; previous: string };
  primaryColor: string;
}

/** One measure summed over every restaurant, day by day, with the previous period dashed beside it. */
export default function ComparisonTrendChart({
  measure,
  current,
  previous,
  labels,
  primaryColor,
}: TComparisonTrendChartProps) {
  const money = MONEY_MEASURES.has(measure);
  const value = (p: TTrendPoint) => (money ? trendValue(p, measure) / 100 : trendValue(p, measure));
  const format = (v: number | string) =>
    typeof v === 'number' ? (money ? formatCents(Math.round(v * 100)) : v.toLocaleString()) : v;
  // Drawn at once, without the growing animation, for a person who asked their system for less motion.
  const reducedMotion = useReducedMotion();
  const option = {
    animation: !reducedMotion,
    color: [primaryColor, '#8c8c8c'],
    tooltip: { trigger: 'axis', valueFormatter: format },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: current.map((p) => p.day.slice(5)) },
    yAxis: {
      type: 'value',
      axisLabel: { formatter: (v: number) => (money ? formatCentsCompact(Math.round(v * 100), 'en') : String(v)) },
    },
    series: [
      { name: labels.current, type: 'line', smooth: true, data: current.map(value) },
      {
        name: labels.previous,
        type: 'line',
        smooth: true,
        lineStyle: { type: 'dashed' },
        data: current.map((_, i) => (previous[i] ? value(previous[i]) : null)),
      },
    ],
  };
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      notMerge
      style={{ height: 280, width: '100%' }}
      opts={{ renderer: 'canvas' }}
    />
  );
}
