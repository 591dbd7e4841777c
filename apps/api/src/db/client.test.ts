import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './client';
import { prepareDatabase } from '../startup';
import { testConfig } from '../config';
import { products, users } from './schema';
import { eq } from 'drizzle-orm';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-db-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const silent = { info() {}, warn: () => {} };

describe('PGlite on a data folder (also when the suite runs on PostgreSQL)', () => {
  it('locks the folder, keeps data across a restart and seeds only once', async () => {
    const config = testConfig();
    const first = await openPglite(dir);
    await prepareDatabase(first, config, silent);
    await expect(openPglite(dir)).rejects.toThrow(/in use/);
    await first.db.delete(products).where(eq(products.id, (await first.db.select().from(products).limit(1))[0]!.id));
    const count = (await first.db.select().from(products)).length;
    await first.close();

    const second = await openPglite(dir);
    await prepareDatabase(second, config, silent);
    expect((await second.db.select().from(products)).length).toBe(count);
    const admins = await second.db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins).toHaveLength(1);
    await second.close();
  });
});
