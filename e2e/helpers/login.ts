// Signs a user in without the login form: the server opens a session the way a login does, and
// the browser context gets its cookies, so the next page the context loads restores the session
// as it would after a login. The form itself is driven where it is under test: e2e/account.test.ts
// and the journeys of e2e/checkout.test.ts and e2e/storefront-details.test.ts.
import type { BrowserContext } from 'playwright-core';
import { SESSION_HINT_COOKIE } from '../../src/domain/cookies';
import { REFRESH_COOKIE } from '../../src/server/modules/auth/routes';
import { startSession } from '../../src/server/modules/auth/sessions';
import type { TestServer } from '../../tests/helpers/app';

/** Where the refresh cookie is sent (the login's `setRefreshCookie`). */
const REFRESH_COOKIE_PATH = '/api/auth/';

export async function logIn(server: TestServer, context: BrowserContext, user: { id: number }): Promise<void> {
  const { refresh } = await startSession(server.ctx, server.ctx.db, user.id, { ip: '127.0.0.1', userAgent: 'e2e' });
  const domain = new URL(server.url).hostname;
  await context.addCookies([
    { name: REFRESH_COOKIE, value: refresh, domain, path: REFRESH_COOKIE_PATH, httpOnly: true, sameSite: 'Lax' },
    { name: SESSION_HINT_COOKIE, value: '1', domain, path: '/', sameSite: 'Lax' },
  ]);
}
