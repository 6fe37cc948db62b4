import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { ScatterChart } from 'echarts/charts';
import { GridComponent, MarkLineComponent, TooltipComponent, LegendComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { formatCentsCompact } from '@ra/shared/format/locale-format';
import { QUADRANTS, type TQuadrant } from '@ra/shared/insight/menu-engineering';
import type { TProfitabilityItem } from '@ra/shared/insight/insight.schemas';
import { formatCents } from '../comparison-format.ts';
import { QUADRANT_COLORS } from './profitability-colors.ts';
import { useReducedMotion } from '../../../lib/media-query.ts';

echarts.use([ScatterChart, GridComponent, MarkLineComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

/** Menu mix (x) against margin per item (y), one colour per quadrant, the two thresholds as lines. */
export default function ProfitabilityScatter({
  items,
  popularityThreshold,
  marginThresholdCents,
  labels,
  axis,
}: {
  items: readonly TProfitabilityItem[];
  popularityThreshold: number;
  marginThresholdCents: number;
  labels: Record<TQuadrant, string>;
  axis: { mix: string; margin: string };
}) {
  // Drawn at once, without the growing animation, for a person who asked their system for less motion.
  const reducedMotion = useReducedMotion();
  const option = {
    animation: !reducedMotion,
    tooltip: {
      trigger: 'item',
      formatter: (p: { data: [number, number, string] }) =>
        `${p.data[2]}<br/>${axis.mix}: ${p.data[0].toFixed(1)}%<br/>${axis.margin}: ${formatCents(Math.round(p.data[1] * 100))}`,
    },
    legend: { top: 0 },
    grid: { left: 8, right: 24, top: 36, bottom: 24, containLabel: true },
    xAxis: { type: 'value', name: axis.mix, nameLocation: 'middle', nameGap: 24, axisLabel: { formatter: '{value}%' } },
    yAxis: {
      type: 'value',
      name: axis.margin,
      axisLabel: { formatter: (v: number) => formatCentsCompact(Math.round(v * 100), 'en') },
    },
    series: QUADRANTS.map((q, i) => ({
      name: labels[q],
      type: 'scatter',
      symbolSize: 12,
      itemStyle: { color: QUADRANT_COLORS[q] },
      data: items.filter((it) => it.quadrant === q).map((it) => [it.mix * 100, it.marginCents / 100, it.name]),
      ...(i === 0
        ? {
            markLine: {
              silent: true,
              symbol: 'none',
              lineStyle: { type: 'dashed', color: '#8c8c8c' },
              label: { show: false },
              data: [{ xAxis: popularityThreshold * 100 }, { yAxis: marginThresholdCents / 100 }],
            },
          }
        : {}),
    })),
  };
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      notMerge
      style={{ height: 360, width: '100%' }}
      opts={{ renderer: 'canvas' }}
    />
  );
}
