import type { Module } from '../module';
import { healthRoutes } from './routes';
import { createHealthService } from './service';

export const healthModule: Module = {
  name: 'health',
  routes: (api, platform) => healthRoutes(api, createHealthService(platform)),
};
