// The only module that imports Chart.js' drawing code at run time, loaded on demand by
// `ChartCanvas`: only the controllers, elements, scales and plugins the dashboards draw with are
// registered (tree-shaken), so the bundle holds no more, and no route but a dashboard's downloads
// it. The tooltip is registered here too: Chart.js is one module, so a chunk of its own for the
// tooltip would still leave its code in this one. The zoom of long axes is `zoom.ts`, a package of
// its own, loaded once a chart that has one is drawn.
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PieController,
  PointElement,
  Tooltip,
} from 'chart.js';
import { CHART_FONT, TEXT_COLOR } from './theme';

Chart.register(
  LineController,
  BarController,
  PieController,
  DoughnutController,
  LineElement,
  PointElement,
  BarElement,
  ArcElement,
  CategoryScale,
  LinearScale,
  Legend,
  Filler,
  Tooltip,
);
Chart.defaults.font.family = CHART_FONT;
Chart.defaults.font.size = 12;
Chart.defaults.color = TEXT_COLOR;

export { Chart };
