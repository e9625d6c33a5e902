import type { Platform } from '../../platform/platform';
import type { Module } from '../module';
import { notificationsRoutes } from './routes';
import { createNotificationsService, type NotificationsDeps } from './service';

export {
  createNotificationsService,
  type NotificationsService,
  type NotifyInput,
  type NotifyOptions,
  type NotifyResult,
} from './service';

/**
 * Notifications (spec 002 Notifications): what an organization is told, each member's read state
 * and pin, and `notify` for the modules that tell (the data load on failure).
 */
export function createNotificationsModule(platform: Platform, services: Omit<NotificationsDeps, 'platform'>) {
  const service = createNotificationsService({ platform, ...services });
  const module: Module = {
    name: 'notifications',
    routes: (api) => notificationsRoutes(api, service),
  };
  return { module, service };
}
