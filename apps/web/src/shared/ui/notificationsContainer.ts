// The toasts' container, alone in its module: `NotificationsOnDemand` imports it on demand.
export { Notifications } from '@mantine/notifications';
