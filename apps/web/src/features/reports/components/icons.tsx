// The dashboards' toolbar icons: the app's own set (shared/ui/icons).
export { IconFilter, IconPages, IconPencil } from '../../../shared/ui/icons';
