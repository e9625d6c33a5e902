export { catalog, findService } from './catalog';
export * from './sandbox';
