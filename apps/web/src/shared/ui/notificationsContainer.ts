// The toasts' container, alone in its module with its styles: `NotificationsOnDemand` imports it
// on demand. In Mantine's cascade layer, after its components' (vite.config.ts).
import '@mantine/notifications/styles.layer.css';
export { Notifications } from '@mantine/notifications';
