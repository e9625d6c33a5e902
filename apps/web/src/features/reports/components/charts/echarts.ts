// The only module that imports ECharts at run time, loaded on demand by `EChart`: only the charts,
// components and renderer the dashboards draw with are registered, so the bundle holds no more,
// and no route but a dashboard's downloads it.
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import {
  DataZoomInsideComponent,
  GridComponent,
  LegendScrollComponent,
  TooltipComponent,
} from 'echarts/components';
import { init, use as register } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

register([
  LineChart,
  BarChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendScrollComponent,
  DataZoomInsideComponent,
  CanvasRenderer,
]);

export { init };
