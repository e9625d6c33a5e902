/** The developers area, as other areas use it (the settings page's Developers tab). */
export { DevelopersTab } from './components/DevelopersTab';
export { developersKeys } from './api/keys';
