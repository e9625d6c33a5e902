/** The ETL area (spec 002 Data load), as other areas and the app shell use it. */
export { etlKeys } from './api/keys';
export { etlMessages } from './messages';
