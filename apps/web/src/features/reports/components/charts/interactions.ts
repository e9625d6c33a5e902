// What a chart needs to answer the pointer, not to draw: the tooltip (it registers the axis
// pointer, which `echarts.ts` leaves out of the grid) and the wheel and pinch zoom of long
// category axes. A chunk of its own, imported after the charts
// are drawn (`EChart`); importing it registers them. It takes ECharts through `./echarts`, so the
// drawing chunk holds all of ECharts' core and this one only what the pointer needs.
import { DataZoomInsideComponent, TooltipComponent } from 'echarts/components';
import { register } from './echarts';

register([TooltipComponent, DataZoomInsideComponent]);
