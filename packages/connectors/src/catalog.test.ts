import { ServiceSchema } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { catalog, findService } from './catalog';

describe('service catalog', () => {
  it('every entry satisfies the contract and ids and uuids are unique', () => {
    for (const service of catalog) expect(ServiceSchema.parse(service)).toEqual(service);
    expect(new Set(catalog.map((s) => s.id)).size).toBe(catalog.length);
    expect(new Set(catalog.map((s) => s.uuid)).size).toBe(catalog.length);
  });

  it('finds by id, by uuid and maps the search_console alias (spec 001 §2)', () => {
    const gsc = findService('google_search_console');
    expect(gsc?.name).toBe('Google Search Console');
    expect(findService('search_console')).toBe(gsc);
    expect(findService(gsc!.uuid)).toBe(gsc);
    expect(findService('nope')).toBeNull();
  });
});
