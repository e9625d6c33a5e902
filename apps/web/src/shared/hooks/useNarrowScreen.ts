import { operations } from '@maya/contracts';
import { useMediaQuery } from '@mantine/hooks';

/** Below 767 px (spec 002 §9): a phone. The filters pane is not offered, the toolbar keeps to one row. */
export const NARROW_SCREEN = `(max-width: ${operations.mobileBreakpointPx - 0.02}px)`;

export function useNarrowScreen(): boolean {
  return useMediaQuery(NARROW_SCREEN) ?? false;
}
