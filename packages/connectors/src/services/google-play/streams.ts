// The tables the Google Play connector produces, from the installs reports.
import { ACCOUNT_DAY, strings } from '../../core/columns';
import type { StreamColumn, StreamSchema } from '../../core/types';
import { INSTALLS_METRICS } from './reports';

const metrics: StreamColumn[] = INSTALLS_METRICS.map((name) => ({ name, type: 'integer', nullable: true }));

export const INSTALLS_OVERVIEW_STREAM: StreamSchema = {
  name: 'installs_overview',
  description:
    'Daily installs, uninstalls, upgrades and active devices of an app (installs_{package}_{YYYYMM}_overview.csv).',
  columns: [...ACCOUNT_DAY, { name: 'package_name', type: 'string' }, ...metrics],
  primaryKey: ['account_id', 'date'],
};

export const INSTALLS_COUNTRY_STREAM: StreamSchema = {
  name: 'installs_country',
  description:
    'The same daily figures by country (ISO 3166-1 alpha-2; empty when Google Play does not know it), ' +
    'from installs_{package}_{YYYYMM}_country.csv.',
  columns: [...ACCOUNT_DAY, ...strings('package_name', 'country'), ...metrics],
  primaryKey: ['account_id', 'date', 'country'],
};
