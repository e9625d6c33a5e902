export { PagespeedPage } from './components/PagespeedPage';
