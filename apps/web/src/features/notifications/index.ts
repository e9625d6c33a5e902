/** The notifications area (spec 002 Notifications), as the app shell and the route table use it. */
export { NotificationBell } from './components/NotificationBellOnDemand';
export { notificationKeys } from './api/keys';
export { notificationMessages } from './messages';
export { notificationsPath } from './navigation';
