import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { HeatmapChart } from 'echarts/charts';
import { GridComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// lazy with this module: echarts loads only when the heat map is drawn
echarts.use([HeatmapChart, GridComponent, TooltipComponent, VisualMapComponent, CanvasRenderer]);

/** Busiest hours: orders by weekday (rows, Monday first) and local hour (columns). */
export default function BusiestHoursChart({
  cells,
  weekdayNames,
  ordersLabel,
  primaryColor,
}: {
  cells: ReadonlyArray<{ weekday: number; hour: number; orders: number }>;
  /** Indexed like Date#getDay (0 = Sunday). */
  weekdayNames: readonly string[];
  ordersLabel: string;
  primaryColor: string;
}) {
  // Monday at the top, Sunday at the bottom: weeks start on Monday (shared date-range.ts)
  const rows = [1, 2, 3, 4, 5, 6, 0];
  const hours = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}`);
  const max = Math.max(1, ...cells.map((c) => c.orders));
  const option = {
    tooltip: {
      position: 'top',
      formatter: (p: { value: [number, number, number] }) =>
        `${weekdayNames[rows[p.value[1]] ?? 0]} ${hours[p.value[0]]}:00<br/>${ordersLabel}: ${p.value[2]}`,
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
    },
    series: [
      {
        name: ordersLabel,
        type: 'heatmap',
        data: cells.map((c) => [c.hour, rows.indexOf(c.weekday), c.orders]),
        emphasis: { itemStyle: { borderColor: '#333', borderWidth: 1 } },
      },
    ],
  };
  return <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height: 320, width: '100%' }} />;
}
