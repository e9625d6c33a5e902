import { describe, expect, it } from 'vitest';
import { buildModels } from './build';
import { D1, D2, MODELS, useModelWarehouse } from './build-fixture';

/**
 * What the models hold once built from the raw ad tables: every campaign-day whole in
 * marketing_performance, every Meta action in conversions.
 */

describe('buildModels', () => {
  const ctx = useModelWarehouse();

