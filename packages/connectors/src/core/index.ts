export * from './types';
export * from './errors';
export * from './endpoints';
export * from './http';
export * from './oauth';
export * from './context';
export * from './dates';
