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
    });
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
});
