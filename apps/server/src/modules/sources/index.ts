import type { Module } from '../module';
import { sourcesRoutes } from './routes';

export const sourcesModule: Module = { name: 'sources', routes: (api) => sourcesRoutes(api) };
