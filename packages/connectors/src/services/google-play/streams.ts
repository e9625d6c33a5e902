// The tables the Google Play connector produces, from the installs reports.
import type { StreamColumn, StreamSchema } from '../../core/types';
import { INSTALLS_METRICS } from './reports';

const metrics: StreamColumn[] = INSTALLS_METRICS.map((name) => ({ name, type: 'integer', nullable: true }));

export const INSTALLS_OVERVIEW_STREAM: StreamSchema = {
  name: 'installs_overview',
  description:
    'Daily installs, uninstalls, upgrades and active devices of an app (installs_{package}_{YYYYMM}_overview.csv).',
  columns: [
    { name: 'account_id', type: 'string' },
    { name: 'date', type: 'date' },
    { name: 'package_name', type: 'string' },
    ...metrics,
  ],
  primaryKey: ['account_id', 'date'],
};

export const INSTALLS_COUNTRY_STREAM: StreamSchema = {
  name: 'installs_country',
  description:
    'The same daily figures by country (ISO 3166-1 alpha-2; empty when Google Play does not know it), ' +
    'from installs_{package}_{YYYYMM}_country.csv.',
  columns: [
    { name: 'account_id', type: 'string' },
    { name: 'date', type: 'date' },
    { name: 'package_name', type: 'string' },
    { name: 'country', type: 'string' },
    ...metrics,
  ],
  primaryKey: ['account_id', 'date', 'country'],
};
