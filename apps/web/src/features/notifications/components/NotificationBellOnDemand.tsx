import { onDemand } from '../../../shared/ui/onDemand';

/**
 * The bell, loaded when it shows: the shell shows it to staff users only, so nobody else
 * downloads it (nor its panel, popup and polling) with every page.
 */
export const NotificationBell = onDemand(() => import('./NotificationBell').then((m) => m.NotificationBell));
