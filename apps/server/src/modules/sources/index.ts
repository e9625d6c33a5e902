import type { Module } from '../module';
import { sourcesRoutes } from './routes';

export function createSourcesModule(): Module {
  return { name: 'sources', routes: (api) => sourcesRoutes(api) };
}
