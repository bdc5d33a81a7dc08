// A browser test that failed in CI runs once more (vitest.e2e.config.ts). Its data is often fixed,
// so the retry starts over the database as the first try found it, on a new server (useShop).
import { describe, expect, it } from 'vitest';
import { users } from '../src/server/db/schema';
import { createUser } from '../tests/helpers/factories';
import { DESKTOP } from './helpers/browser';
import { useShop } from './helpers/shop';

const shop = useShop();

describe('a retry', () => {
  it('starts on a new server over the database as it was before the first try', async () => {
    await createUser(shop.server.ctx.db, { username: 'semilla', email: 'semilla@correo.test' });
    const state = await shop.databaseState();
    expect(state).toBeDefined();
    const first = shop.server.url;
    const { page } = await shop.newPage({ viewport: DESKTOP });

    // The first try makes a user of fixed name, then fails.
    await createUser(shop.server.ctx.db, { username: 'lucas_m', email: 'lucas@correo.test' });
    await shop.restartFrom(state!);

    expect(page.isClosed()).toBe(true);
    expect(shop.server.url).not.toBe(first);
    const names = (await shop.server.ctx.db.select({ username: users.username }).from(users)).map((u) => u.username);
    expect(names).toEqual(['semilla']);
    // The second try makes it again, and the new server serves the shop.
    await createUser(shop.server.ctx.db, { username: 'lucas_m', email: 'lucas@correo.test' });
    const again = await shop.newPage({ viewport: DESKTOP });
    await again.page.goto('/productos');
    expect(await again.page.title()).toContain('Catálogo');
  });
});
