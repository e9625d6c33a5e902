export * from './errors';
export * from './health';
export * from './config';
export * from './constants';
export * from './services';
