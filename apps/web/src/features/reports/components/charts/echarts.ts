// The only module that imports ECharts' drawing code at run time, loaded on demand by `EChart`:
// only the charts, components and renderer the dashboards draw with are registered, so the bundle
// holds no more, and no route but a dashboard's downloads it. The hover layer (tooltip, axis
// pointer, zoom) is `interactions.ts`, which registers itself once the charts are drawn: hence
// the grid without its axis pointer (`GridSimpleComponent`; the tooltip brings the pointer).
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridSimpleComponent, LegendScrollComponent } from 'echarts/components';
import { init, use as register } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

register([LineChart, BarChart, PieChart, GridSimpleComponent, LegendScrollComponent, CanvasRenderer]);

export { init, register };
