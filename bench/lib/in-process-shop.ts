import { createTestApp, type TestApp } from '../../apps/api/src/test/harness';

/**
 * The shop in this process (as the API tests make it) on a fresh database of `url`, or on a new
 * PGlite folder when `url` is undefined; DATABASE_URL is as it was afterwards.
 */
export async function openShop(url: string | undefined, overrides: Parameters<typeof createTestApp>[0] = {}): Promise<TestApp> {
  const saved = process.env.DATABASE_URL;
  if (url) process.env.DATABASE_URL = url;
  else delete process.env.DATABASE_URL;
  try {
    return await createTestApp(overrides);
  } finally {
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
  }
}
