import { InlineFallback } from '../../../shared/ui/OnDemandFallback';
import { onDemand } from '../../../shared/ui/onDemand';

/**
 * The settings tab, loaded when it shows: the dashboard imports this area too, and a static
 * export here would put the tab's code on every dashboard.
 */
export const BookmarksTab = onDemand(
  () => import('./BookmarksTab').then((m) => m.BookmarksTab),
  <InlineFallback />,
);
