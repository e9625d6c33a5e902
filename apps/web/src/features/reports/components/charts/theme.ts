/** The charts' text, lines and font: Mantine's gray scale and the app's font stack. */
export const TEXT_COLOR = '#495057';
/** Value axes' grid lines. */
export const LINE_COLOR = '#e9ecef';
/** A category axis' own line. */
export const AXIS_COLOR = '#ced4da';
export const CHART_FONT = 'Inter, ui-sans-serif, system-ui, sans-serif';
