import type { Platform } from '../../platform/platform';
import type { Module } from '../module';
import { healthRoutes } from './routes';
import { createHealthService } from './service';

export function createHealthModule(platform: Platform): Module {
  const health = createHealthService(platform);
  return { name: 'health', routes: (api) => healthRoutes(api, health) };
}
