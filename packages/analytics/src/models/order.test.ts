import { describe, expect, it } from 'vitest';
import { CANONICAL_MODELS } from './catalog';
import type { CanonicalModel } from './model';
import { orderModels } from './order';

const model = (name: string, dependsOn: string[] = []): CanonicalModel => ({
  name,
  description: name,
  columns: [{ name: 'id', type: 'string', nullable: false, role: 'key', description: 'id' }],
  dependsOn,
  sources: [],
});

const names = (models: CanonicalModel[]) => models.map((m) => m.name);

describe('orderModels', () => {
  it('puts every model after the models it depends on, otherwise in the listed order', () => {
    const ordered = orderModels([
      model('report', ['pages', 'totals']),
      model('pages', ['queries']),
      model('totals'),
      model('queries'),
    ]);
    expect(names(ordered)).toEqual(['totals', 'queries', 'pages', 'report']);
  });

  it('orders the canonical models: conversions before marketing performance, queries before landing pages', () => {
    const ordered = names(orderModels(CANONICAL_MODELS));
    expect(ordered).toHaveLength(CANONICAL_MODELS.length);
    expect(ordered.indexOf('conversions')).toBeLessThan(ordered.indexOf('marketing_performance'));
    expect(ordered.indexOf('search_console_queries')).toBeLessThan(ordered.indexOf('landing_pages'));
  });

  it('names the cycle when models depend on each other', () => {
    expect(() =>
      orderModels([model('free'), model('a', ['b']), model('b', ['c']), model('c', ['a'])]),
    ).toThrow('the models depend on each other in a cycle: a → b → c → a');
    expect(() => orderModels([model('self', ['self'])])).toThrow('cycle: self → self');
  });

  it('refuses unknown dependencies and duplicate names', () => {
    expect(() => orderModels([model('a', ['missing'])])).toThrow(
      'model a depends on missing, which is not a model',
    );
    expect(() => orderModels([model('a'), model('a')])).toThrow('two models are named a');
  });
});
