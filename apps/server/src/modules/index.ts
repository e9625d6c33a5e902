import { healthModule } from './health';
import type { Module } from './module';
import { organizationsModule } from './organizations';
import { sourcesModule } from './sources';

export type { Module } from './module';

/** Every feature module, in start-up order. */
export const modules: Module[] = [healthModule, organizationsModule, sourcesModule];
