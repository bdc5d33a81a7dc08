// Shared steps of the auth API tests: register, read the code from the outbox, verify, log in.
import { expect } from 'vitest';
import type { RateLimitConfig } from '../../src/server/plugins/rate-limit';
import { api, type TestServer } from '../helpers/app';
import { extractCode, readOutbox, waitForOutboxMail } from '../helpers/mail';

let counter = 0;

export interface NewAccount {
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  password: string;
  password2: string;
  instagram?: string;
}

export function newAccount(overrides: Partial<NewAccount> = {}): NewAccount {
  const n = `${process.pid}${++counter}`;
  const password = overrides.password ?? 'semilla-123';
  return {
    first_name: 'Lucía',
    last_name: 'Gómez',
    username: `lucia${n}`,
    email: `lucia${n}@correo.test`,
    password,
    password2: password,
    ...overrides,
  };
}

/** The newest code e-mailed to an address whose subject contains `subject`, once it arrives. */
export async function codeSentTo(server: TestServer, email: string, subject = '', seen: string[] = []): Promise<string> {
  return extractCode(await waitForOutboxMail(server, email, subject, seen));
}

export async function outboxIds(server: TestServer): Promise<string[]> {
  return (await readOutbox(server)).map((m) => m.id);
}

export async function register(server: TestServer, account: NewAccount) {
  const res = await api(server, 'POST', '/api/auth/register/', { body: account });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res;
}

export async function registerVerified(server: TestServer, overrides: Partial<NewAccount> = {}) {
  const account = newAccount(overrides);
  const seen = await outboxIds(server);
  const res = await register(server, account);
  const code = await codeSentTo(server, account.email, 'verificación', seen);
  const verified = await api(server, 'POST', '/api/auth/verify-email/', { body: { email: account.email, code } });
  expect(verified.status, JSON.stringify(verified.json)).toBe(200);
  return { ...account, id: res.json.user_id as number };
}

export async function login(server: TestServer, usernameOrEmail: string, password: string, headers: Record<string, string> = {}) {
  return api(server, 'POST', '/api/auth/login/', { body: { username_or_email: usernameOrEmail, password }, headers });
}

export async function loginOk(server: TestServer, usernameOrEmail: string, password: string) {
  const res = await login(server, usernameOrEmail, password);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as { access: string; refresh: string; user: { id: number; email: string; username: string }; is_staff: boolean };
}

const RELAXED = { max: 10_000, windowSeconds: 60 };

/** Limits high enough that functional tests never meet them, and no login slowdown. */
export const RELAXED_LIMITS: RateLimitConfig = {
  login: { ip: RELAXED, accountAddress: RELAXED },
  register: { ip: RELAXED, account: RELAXED },
  codeVerify: { ip: RELAXED, account: RELAXED },
  codeSend: { ip: RELAXED, account: RELAXED },
  couponCheck: { ip: RELAXED, account: RELAXED },
};
