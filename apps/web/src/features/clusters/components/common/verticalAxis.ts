import type { Modifier } from '@dnd-kit/core';

/** Items of a vertical list move up and down only. */
export const restrictToVerticalAxis: Modifier = ({ transform }) => ({ ...transform, x: 0 });
