// The wheel, pinch and drag zoom of a category axis with more categories than fit
// (`chartOption.ts`, ZOOM_ABOVE): chartjs-plugin-zoom and its gesture library, a chunk of their
// own that only a chart with such an axis loads, after it is drawn.
import zoomPlugin from 'chartjs-plugin-zoom';
import { Chart } from './chartjs';

Chart.register(zoomPlugin);
