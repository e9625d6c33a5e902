import { operations } from '@maya/contracts';
import { notifications } from '@mantine/notifications';

/** An error toast of the area: red, 10 s (spec 002 §9). */
export function showNotificationError(message: string): void {
  notifications.show({ message, color: 'red', autoClose: operations.errorToastMs });
}
