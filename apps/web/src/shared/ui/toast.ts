import { operations } from '@maya/contracts';
import { notifications } from '@mantine/notifications';

/** What a toast says about itself: its colour (spec 002 notification types Success, Error, Warning, Info). */
export type ToastKind = 'success' | 'error' | 'warning' | 'info';

const COLORS: Record<ToastKind, string> = {
  success: 'teal',
  error: 'red',
  warning: 'yellow',
  info: 'indigo',
};

export type ToastOptions = {
  title?: string;
  /** How long it stays; by default 3 s, an error 10 s (spec 002 §9). Spec 001's toasts say 3 s. */
  durationMs?: number;
  /** Shows the toast once however often it is asked for (the same id replaces nothing new). */
  id?: string;
};

/**
 * The app's one way to show a toast (`NotificationsOnDemand` draws them). Every area calls this,
 * never `notifications.show`, so kinds, colours and durations stay one decision (decision 330).
 */
export function showToast(kind: ToastKind, message: string, options: ToastOptions = {}): void {
  const { title, durationMs, id } = options;
  notifications.show({
    id,
    title,
    message,
    color: COLORS[kind],
    autoClose: durationMs ?? (kind === 'error' ? operations.errorToastMs : operations.toastMs),
  });
}
