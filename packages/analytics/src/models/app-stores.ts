// App stores: Google Play's installs reports (the only app store a connector reads today).
import { GOOGLE_PLAY } from './channels';
import { ACCOUNT_ID, DATE, SOURCE_SERVICE, attribute, key, summed } from './columns';
import { literal } from './dialect';
import { rawTable, type CanonicalModel, type ModelContext, type ModelSource } from './model';

const METRICS = [
  ['daily_device_installs', 'Devices that installed the app that day.'],
  ['daily_device_uninstalls', 'Devices that uninstalled it.'],
  ['daily_device_upgrades', 'Devices that upgraded it.'],
  ['daily_user_installs', 'Users who installed it.'],
  ['daily_user_uninstalls', 'Users who uninstalled it.'],
  [
    'active_device_installs',
    'Devices with the app installed and active (a level, not additive across days).',
  ],
  ['total_user_installs', 'Users who have installed it, to date (a level, not additive across days).'],
  ['install_events', 'Install events.'],
  ['update_events', 'Update events.'],
  ['uninstall_events', 'Uninstall events.'],
] as const;

const COUNTRY_TABLE = rawTable(GOOGLE_PLAY, 'installs_country');
const OVERVIEW_TABLE = rawTable(GOOGLE_PLAY, 'installs_overview');

function select(ctx: ModelContext, table: string, country: string): string {
  return ctx.sql(`SELECT {x.date} AS {date}, ${literal(GOOGLE_PLAY)} AS {source_service}, {x.account_id} AS {account_id},
  ${country} AS {country}, {x.package_name} AS {package_name},
  ${METRICS.map(([m]) => `{x.${m}} AS {${m}}`).join(', ')}
FROM ${ctx.raw(table)} AS {x}`);
}

const byCountry: ModelSource = {
  origin: GOOGLE_PLAY,
  reads: [COUNTRY_TABLE],
  sql: (ctx) => select(ctx, COUNTRY_TABLE, '{x.country}'),
};

/** The overview, as country '', only where the per-country report is not loaded. */
const overview: ModelSource = {
  origin: GOOGLE_PLAY,
  reads: [OVERVIEW_TABLE],
  sql: (ctx) => (ctx.has(COUNTRY_TABLE) ? null : select(ctx, OVERVIEW_TABLE, "''")),
};

export const APP_STORE_INSTALLS: CanonicalModel = {
  name: 'app_store_installs',
  description:
    "Installs, uninstalls and updates per day, app and country, from Google Play's installs reports " +
    "(country '' where Google Play cannot place an install).",
  columns: [
    DATE,
    SOURCE_SERVICE,
    ACCOUNT_ID,
    key('country', 'string', "ISO 3166-1 alpha-2; '' when unknown."),
    attribute('package_name', 'string', "The app's package name."),
    ...METRICS.map(([name, description]) => summed(name, 'bigint', description)),
  ],
  dependsOn: [],
  sources: [byCountry, overview],
};
