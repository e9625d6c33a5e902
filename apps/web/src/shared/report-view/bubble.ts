/**
 * Where the AI Builder's bubble floats on a dashboard (spec 002 §2: its corner), in px: the
 * ai-builder feature draws it there, the reports feature keeps the page's content out from under
 * it (decision 433).
 */
export const AI_BUBBLE = {
  size: 56,
  bottom: 16,
  right: 12,
  /**
   * Above the app's frame (Mantine's 100) and below dialogs and drawers (200): a dialog's overlay
   * covers the bubble, which would otherwise sit on a drawer's buttons at its bottom right.
   */
  zIndex: 190,
} as const;

/** The space between the bubble and the content it keeps clear. */
const CLEARANCE = 8;

/** From the window's bottom edge: what the page leaves free below its last visual. */
export const BUBBLE_ROOM_PX = AI_BUBBLE.bottom + AI_BUBBLE.size + CLEARANCE;

/** From the window's right edge: the gutter the bubble sits in on wide screens. */
export const BUBBLE_GUTTER_PX = AI_BUBBLE.right + AI_BUBBLE.size + CLEARANCE;
