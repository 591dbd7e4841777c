import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATA_DIR).toBe('./data');
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.RATE_LIMIT_NAMESPACE).toBe('shop-rl-');
  });

  it('reads the environment', () => {
    const c = loadConfig({
      PORT: '4100',
      DATA_DIR: './data-2',
      ADMIN_EMAIL: 'a@b.c',
      ADMIN_PASSWORD: 'sekret-123',
      DATABASE_URL: 'postgres://u@h:5432/db',
    });
    expect(c).toMatchObject({ PORT: 4100, DATA_DIR: './data-2', ADMIN_EMAIL: 'a@b.c', DATABASE_URL: 'postgres://u@h:5432/db' });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'sekret-123' }, 'ADMIN_EMAIL'],
    [{ ADMIN_EMAIL: 'a@b.c' }, 'ADMIN_PASSWORD'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ RATE_LIMIT_NAMESPACE: 'has space' }, 'RATE_LIMIT_NAMESPACE'],
    [{ RATE_LIMIT_NAMESPACE: '' }, 'RATE_LIMIT_NAMESPACE'],
  ])('stops on a bad value %o naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
