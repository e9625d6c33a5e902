import { describe, expect, it } from 'vitest';
import { campaigns, expectWarehouseError } from '../testing/fixtures';
import { starts } from '../testing/remote-fixtures';
import { DESCRIBE, config, described, fakeClient } from './databricks-fixture';
import { openDatabricksWarehouse } from './databricks-warehouse';

/**
 * Opening and closing the adapter through a stand-in for the official driver: the session it
 * sets up, the schemas and tables it creates, and what it closes when setting up fails.
 */

describe('Databricks adapter', () => {
  it('sets the session to UTC, creates schemas and tables only when missing', async () => {
    const fake = fakeClient();
    const wh = await openDatabricksWarehouse(config, { client: fake.client });
    await wh.ensureSchema('ads');
    await wh.createTable('ads', campaigns);
    expect(fake.statements()).toEqual([
      "SET TIME ZONE 'UTC'",
      'CREATE SCHEMA IF NOT EXISTS `main`.`ads`',
      expect.stringContaining('FROM `main`.information_schema.columns'),
      starts('CREATE TABLE `main`.`ads`.`campaigns` (`day` DATE NOT NULL'),
    ]);
    const existing = fakeClient([[DESCRIBE, described(campaigns)]]);
    const again = await openDatabricksWarehouse(config, { client: existing.client });
    await again.createTable('ads', campaigns);
    expect(existing.statements()).toHaveLength(2);
    await wh.close();
    await wh.close();
    expect(fake.closedTimes()).toBe(1);
    await expectWarehouseError(
      openDatabricksWarehouse({ ...config, catalog: 'a`b' }, { client: fake.client }),
      'invalid_parameter',
    );
  });

  it('closes the driver when the session cannot be set up', async () => {
    const fake = fakeClient([[/^SET TIME ZONE/, new Error('Request failed with status code 403 Forbidden')]]);
    await expectWarehouseError(openDatabricksWarehouse(config, { client: fake.client }), 'engine_error');
    expect(fake.closedTimes()).toBe(1);
  });
});
