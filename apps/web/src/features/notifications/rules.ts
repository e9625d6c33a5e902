import type { Notification } from '@maya/contracts';

/**
 * spec 002 §5, as the server enforces it: a persistent notification becomes read only when its
 * action is not unfulfilled, and is never archived.
 */
export function canRead(notification: Notification): boolean {
  return notification.type !== 'persistent' || notification.action?.status !== 'unfulfilled';
}

export function canArchive(notification: Notification): boolean {
  return notification.type !== 'persistent';
}
