/** The destinations area, as other areas use it (the settings page's Destinations tab). */
export { DestinationsTab } from './components/DestinationsTab';
export { destinationsKeys } from './api/keys';
