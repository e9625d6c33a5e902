import { modelling } from '@maya/contracts';
import { notifications } from '@mantine/notifications';

/** The area's toasts last 3 s (spec 001 §9). */
export function showToast(message: string, color: 'teal' | 'red' = 'teal'): void {
  notifications.show({ message, color, autoClose: modelling.toastMs });
}
