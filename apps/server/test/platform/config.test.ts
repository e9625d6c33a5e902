import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/platform/config';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 8000,
      host: '127.0.0.1',
      dataDir: path.resolve('./.data'),
      databaseUrl: null,
      appUrl: 'http://localhost:8000',
      runWorker: true,
      serveWeb: true,
      warehouseKeepOpenSeconds: 120,
      firstLoadMaxDays: null,
    });
  });

  it('limits first loads only outside production, and keeps warehouses open within bounds', () => {
    expect(loadConfig({ FIRST_LOAD_MAX_DAYS: '120' }).firstLoadMaxDays).toBe(120);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SECRET_KEY: 'x'.repeat(32), FIRST_LOAD_MAX_DAYS: '120' }),
    ).toThrow(/FIRST_LOAD_MAX_DAYS: not allowed when NODE_ENV=production/);
    expect(() => loadConfig({ FIRST_LOAD_MAX_DAYS: '0' })).toThrow(/FIRST_LOAD_MAX_DAYS/);
    expect(loadConfig({ WAREHOUSE_KEEP_OPEN_SECONDS: '0' }).warehouseKeepOpenSeconds).toBe(0);
    expect(() => loadConfig({ WAREHOUSE_KEEP_OPEN_SECONDS: '-1' })).toThrow(/WAREHOUSE_KEEP_OPEN_SECONDS/);
  });

  it('names every bad variable with its value and the reason', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('PORT="eighty"');
    expect(problems).toContain('DATABASE_URL="mysql://x"');
    expect(problems).toContain('LOG_LEVEL="loud"');
  });

  it('requires a long SECRET_KEY in production and binds all interfaces there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SECRET_KEY: required/);
    expect(() => loadConfig({ NODE_ENV: 'production', SECRET_KEY: 'short' })).toThrow(/at least 32/);
    const config = loadConfig({ NODE_ENV: 'production', SECRET_KEY: 'x'.repeat(32) });
    expect(config.host).toBe('0.0.0.0');
  });

  it('derives APP_URL from PORT and strips a trailing slash from a given one', () => {
    expect(loadConfig({ PORT: '9000' }).appUrl).toBe('http://localhost:9000');
    expect(loadConfig({ APP_URL: 'https://app.example.com/' }).appUrl).toBe('https://app.example.com');
  });

  it('points connectors at the sandbox outside production and at the providers in production', () => {
    const dev = loadConfig({ PORT: '9000' });
    expect(dev.connectors.endpoints.googleAds).toBe('http://localhost:9000/sandbox/google-ads');
    expect(dev.connectors.clients.google?.clientId).toBe('maya-sandbox');
    const prod = loadConfig({
      NODE_ENV: 'production',
      SECRET_KEY: 'x'.repeat(32),
      PROVIDER_ENDPOINTS: JSON.stringify({ moosend: 'https://moosend.internal.example' }),
      PROVIDER_CLIENTS: JSON.stringify({ meta: { appId: '123', appSecret: 's' } }),
    });
    expect(prod.connectors.endpoints.googleAds).toBe('https://googleads.googleapis.com');
    expect(prod.connectors.endpoints.moosend).toBe('https://moosend.internal.example');
    expect(prod.connectors.clients).toMatchObject({ google: null, meta: { appId: '123', appSecret: 's' } });
  });

  it('names bad connector and credentials-key settings', () => {
    expect(() => loadConfig({ PROVIDER_ENDPOINTS: '{nope' })).toThrow(/PROVIDER_ENDPOINTS: not valid JSON/);
    expect(() => loadConfig({ PROVIDER_ENDPOINTS: '{"googleAds":"not a url"}' })).toThrow(
      /PROVIDER_ENDPOINTS.googleAds/,
    );
    expect(() => loadConfig({ PROVIDER_CLIENTS: '{"tiktok":{}}' })).toThrow(/PROVIDER_CLIENTS/);
    expect(() => loadConfig({ CREDENTIALS_KEYS: 'k1:c2hvcnQ=' })).toThrow(/32 random bytes/);
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(
      loadConfig({ CREDENTIALS_KEYS: `new:${key}, old:${key}` }).credentialsKeys?.map((k) => k.id),
    ).toEqual(['new', 'old']);
  });
});
