import { describe, expect, it } from 'vitest';
import {
  cacheOrganization,
  forgetCurrentOrganization,
  getCachedOrganization,
  getCurrentOrganizationSlug,
  setCurrentOrganizationSlug,
} from './currentOrganization';

describe('current organization storage', () => {
  it('keeps the slug under currentOrganization until sign-out forgets it', () => {
    expect(getCurrentOrganizationSlug()).toBeNull();
    setCurrentOrganizationSlug('acme');
    expect(window.localStorage.getItem('currentOrganization')).toBe('acme');
    forgetCurrentOrganization();
    expect(getCurrentOrganizationSlug()).toBeNull();
  });

  it('caches id, is_demo and name per slug, and survives a corrupt cache', () => {
    cacheOrganization('acme', { id: 'i1', is_demo: false, name: 'Acme' });
    cacheOrganization('demo', { id: 'i2', is_demo: true, name: 'Demo' });
    expect(getCachedOrganization('acme')).toEqual({ id: 'i1', is_demo: false, name: 'Acme' });
    expect(getCachedOrganization('nope')).toBeNull();
    window.localStorage.setItem('organizationCache', '{not json');
    expect(getCachedOrganization('acme')).toBeNull();
    cacheOrganization('acme', { id: 'i1', is_demo: false, name: 'Acme' });
    expect(getCachedOrganization('acme')?.name).toBe('Acme');
  });
});
