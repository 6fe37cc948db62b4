import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { HeatmapChart } from 'echarts/charts';
import { GridComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useReducedMotion } from '../../../lib/media-query.ts';

// lazy with this module: echarts loads only when the heat map is drawn
echarts.use([HeatmapChart, GridComponent, TooltipComponent, VisualMapComponent, CanvasRenderer]);

/** Busiest hours: orders a day on average by weekday (rows, Monday first) and local hour (columns). */
export default function BusiestHoursChart({
  cells,
  rows,
  weekdayNames,
  ordersLabel,
  primaryColor,
  formatCount,
  hourLabel,
}: {
  cells: ReadonlyArray<{ weekday: number; hour: number; averageOrders: number }>;
  /** Weekdays top to bottom (0 = Sunday, like Date#getDay). */
  rows: readonly number[];
  /** Indexed like Date#getDay (0 = Sunday). */
  weekdayNames: readonly string[];
  ordersLabel: string;
  primaryColor: string;
  formatCount: (n: number) => string;
  hourLabel: (hour: number) => string;
}) {
  const hours = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}`);
  const max = Math.max(1, ...cells.map((c) => c.averageOrders));
  // Drawn at once, without the growing animation, for a person who asked their system for less motion.
  const reducedMotion = useReducedMotion();
  const option = {
    animation: !reducedMotion,
    tooltip: {
      position: 'top',
      formatter: (p: { value: [number, number, number] }) =>
        `${weekdayNames[rows[p.value[1]] ?? 0]} ${hourLabel(p.value[0])}<br/>${ordersLabel}: ${formatCount(p.value[2])}`,
    },
    grid: { left: 8, right: 8, top: 8, bottom: 56, containLabel: true },
    xAxis: { type: 'category', data: hours, splitArea: { show: true } },
    yAxis: { type: 'category', data: rows.map((d) => weekdayNames[d]), inverse: true, splitArea: { show: true } },
    visualMap: {
      min: 0,
      max,
      calculable: true,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      inRange: { color: ['#f5fbfb', primaryColor] },
      formatter: (v: number) => formatCount(v),
    },
    series: [
      {
        name: ordersLabel,
        type: 'heatmap',
        data: cells.map((c) => [c.hour, rows.indexOf(c.weekday), c.averageOrders]),
        emphasis: { itemStyle: { borderColor: '#333', borderWidth: 1 } },
      },
    ],
  };
  return <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height: 320, width: '100%' }} />;
}
