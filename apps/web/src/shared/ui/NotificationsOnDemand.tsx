import { notificationsStore } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { onDemand } from './onDemand';

const Notifications = onDemand(() => import('./notificationsContainer').then((m) => m.Notifications));

/** Fetches the toasts' code ahead of the first toast (a page's idle prefetch). */
export const preloadNotifications = Notifications.preload;

function hasToasts(): boolean {
  return notificationsStore.getState().notifications.length > 0;
}

/**
 * Where toasts show (`showToast` anywhere). No page needs it to draw, so its code
 * (transitions, drag to dismiss) loads with the first toast, which the store keeps until then,
 * unless a page prefetched it; once there it stays.
 */
export function NotificationsOnDemand() {
  const [needed, setNeeded] = useState(hasToasts);
  useEffect(() => {
    if (needed) return;
    const unsubscribe = notificationsStore.subscribe(() => {
      if (hasToasts()) setNeeded(true);
    });
    return () => {
      unsubscribe();
    };
  }, [needed]);
  return needed ? <Notifications position="top-right" /> : null;
}
