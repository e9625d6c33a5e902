import { operations } from '@maya/contracts';
import { notifications } from '@mantine/notifications';

/** A bookmark toast: 3 s (spec 002 §9 default). */
export function showBookmarkToast(message: string, title?: string): void {
  notifications.show({ title, message, color: 'teal', autoClose: operations.toastMs });
}

/** A bookmark error toast: 10 s (spec 002 §8, §9). */
export function showBookmarkError(message: string, title?: string): void {
  notifications.show({ title, message, color: 'red', autoClose: operations.errorToastMs });
}

/** spec 002 §8: a route's bookmark that does not exist; this toast lasts 3 s. */
export function showBookmarkNotFound(title: string, message: string): void {
  notifications.show({ title, message, color: 'red', autoClose: operations.toastMs });
}
