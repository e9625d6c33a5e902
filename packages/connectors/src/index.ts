export { catalog, findService } from './catalog';
