// The auth calls of spec accounts-admin §7 over real HTTP: registration and verification, login,
// profile and e-mail change, password change and reset, permissions, and their error codes.
import { roleColumns } from '../../src/domain/staff-roles';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { backgroundSettled } from '../../src/server/background';
import { activityLogs, mailOutbox, users, verificationCodes } from '../../src/server/db/schema';
import { api, startTestServer, useTestServer } from '../helpers/app';
import { createStaff, createUser, TEST_PASSWORD } from '../helpers/factories';
import { readOutbox, waitForOutboxMail } from '../helpers/mail';
import { codeSentTo, login, loginOk, newAccount, outboxIds, register, registerVerified, RELAXED_LIMITS } from './auth-helpers';

const server = useTestServer({ rateLimits: RELAXED_LIMITS });

const userRow = async (id: number) => (await server.ctx.db.select().from(users).where(eq(users.id, id)))[0];

describe('POST /api/auth/register/', () => {
  it('creates an unverified account, logs it and e-mails a 6-digit code', async () => {
    const account = newAccount({ email: 'Nueva.Cuenta@Correo.Test', instagram: '@nueva' });
    const res = await register(server, account);
    expect(res.json).toEqual({
      message: expect.stringContaining('código'),
      email: 'nueva.cuenta@correo.test',
      user_id: expect.any(Number),
    });
    const row = await userRow(res.json.user_id);
    expect(row).toMatchObject({ email: 'nueva.cuenta@correo.test', email_verified: false, instagram: '@nueva', is_staff: false });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(await codeSentTo(server, 'nueva.cuenta@correo.test')).toMatch(/^\d{6}$/);
    const [entry] = await server.ctx.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.action, 'register'), eq(activityLogs.user_id, row.id)));
    expect(entry.username).toBe(account.username);
  });

  it('answers 400 with each field error in Spanish (spec §5)', async () => {
    const res = await api(server, 'POST', '/api/auth/register/', {
      body: { first_name: 'A', last_name: 'B', username: 'abc', email: 'no-es-email', password: '12345', password2: '54321' },
    });
    expect(res.status).toBe(400);
    expect(res.json.errors).toMatchObject({
      first_name: ['El nombre debe tener al menos 2 caracteres'],
      last_name: ['El apellido debe tener al menos 2 caracteres'],
      username: ['El usuario debe tener al menos 4 caracteres'],
      email: ['Ingrese un email válido'],
      password: ['La contraseña debe tener al menos 6 caracteres'],
    });
  });

  it('refuses a name or surname on more than one line', async () => {
    const res = await api(server, 'POST', '/api/auth/register/', {
      body: newAccount({ first_name: 'Ana\nPedido: #1', last_name: 'Paz\tGómez' }),
    });
    expect(res.status).toBe(400);
    expect(res.json.errors).toMatchObject({
      first_name: ['Escribe el nombre en una sola línea, sin saltos de línea ni tabulaciones'],
      last_name: ['Escribe el apellido en una sola línea, sin saltos de línea ni tabulaciones'],
    });
  });

  it('refuses mismatched passwords with the spec message', async () => {
    const res = await api(server, 'POST', '/api/auth/register/', { body: newAccount({ password: 'secreto1', password2: 'secreto2' }) });
    expect(res.status).toBe(400);
    expect(res.json.errors.password2).toEqual(['Las contraseñas no coinciden']);
  });

  it('answers 400, not 500, for a missing, broken or wrongly typed body', async () => {
    const empty = await api(server, 'POST', '/api/auth/register/', { body: {} });
    expect(empty.status).toBe(400);
    expect(empty.json.errors.email).toEqual(['El email es requerido']);
    const broken = await api(server, 'POST', '/api/auth/register/', { body: '{"email":' });
    expect(broken.status).toBe(400);
    const typed = await api(server, 'POST', '/api/auth/register/', { body: { ...newAccount(), username: 1234, email: ['x'] } });
    expect(typed.status).toBe(400);
  });

  it('answers ACCOUNT_EXISTS for the e-mail or the username of a verified account', async () => {
    const existing = await registerVerified(server);
    const sameEmail = await api(server, 'POST', '/api/auth/register/', { body: newAccount({ email: existing.email.toUpperCase() }) });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.json).toMatchObject({ code: 'ACCOUNT_EXISTS', errors: { email: [expect.any(String)] } });
    const sameUsername = await api(server, 'POST', '/api/auth/register/', {
      body: newAccount({ username: existing.username.toUpperCase() }),
    });
    expect(sameUsername.status).toBe(409);
    expect(sameUsername.json).toMatchObject({ code: 'ACCOUNT_EXISTS', errors: { username: [expect.any(String)] } });
  });

  it('sends an unverified e-mail back to verification with a new code, taking the new password', async () => {
    const account = newAccount();
    await register(server, account);
    const firstCode = await codeSentTo(server, account.email);
    const seen = await outboxIds(server);

    const again = await api(server, 'POST', '/api/auth/register/', {
      body: { ...account, password: 'otra-clave-9', password2: 'otra-clave-9' },
    });
    expect(again.status).toBe(403);
    expect(again.json).toMatchObject({ code: 'ACCOUNT_NOT_VERIFIED', email: account.email, error: expect.stringContaining('código') });
    const secondCode = await codeSentTo(server, account.email, '', seen);

    // The new code replaced the first one.
    if (firstCode !== secondCode) {
      const old = await api(server, 'POST', '/api/auth/verify-email/', { body: { email: account.email, code: firstCode } });
      expect(old.status).toBe(400);
    }
    const ok = await api(server, 'POST', '/api/auth/verify-email/', { body: { email: account.email, code: secondCode } });
    expect(ok.status).toBe(200);
    expect((await login(server, account.username, account.password)).status).toBe(401);
    expect((await login(server, account.username, 'otra-clave-9')).status).toBe(200);
  });

  it("does not let whoever registered someone else's e-mail first into the account its owner verifies", async () => {
    const victimEmail = newAccount().email;
    const attacker = newAccount({ email: victimEmail, first_name: 'Intruso', password: 'clave-del-intruso' });
    const first = await register(server, attacker);
    await codeSentTo(server, victimEmail);
    const victim = newAccount({ email: victimEmail, first_name: 'Dueña', password: 'clave-de-la-duena' });
    const seen = await outboxIds(server);
    const again = await api(server, 'POST', '/api/auth/register/', { body: victim });
    expect(again.status).toBe(403);
    expect(again.json.code).toBe('ACCOUNT_NOT_VERIFIED');

    // Only the code of the owner's registration is alive.
    const codes = await server.ctx.db.select().from(verificationCodes).where(eq(verificationCodes.user_id, first.json.user_id));
    expect(codes.filter((c) => c.expires_at > new Date())).toHaveLength(1);
    const code = await codeSentTo(server, victimEmail, 'verificación', seen);
    expect((await api(server, 'POST', '/api/auth/verify-email/', { body: { email: victimEmail, code } })).status).toBe(200);

    expect((await login(server, victimEmail, 'clave-del-intruso')).status).toBe(401);
    expect((await login(server, attacker.username, 'clave-del-intruso')).status).toBe(401);
    const owner = await loginOk(server, victimEmail, 'clave-de-la-duena');
    expect(owner.user).toMatchObject({
      id: first.json.user_id,
      username: victim.username,
      first_name: 'Dueña',
      last_name: victim.last_name,
    });
  });

  it('refuses a registration over an unverified e-mail whose new username belongs to another account', async () => {
    const pending = newAccount();
    const first = await register(server, pending);
    const other = await registerVerified(server);
    const res = await api(server, 'POST', '/api/auth/register/', {
      body: { ...pending, username: other.username, password: 'otra-clave-9', password2: 'otra-clave-9' },
    });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ code: 'ACCOUNT_EXISTS', errors: { username: [expect.any(String)] } });
    // Nothing was replaced.
    expect((await userRow(first.json.user_id)).username).toBe(pending.username);
  });

  it('answers ACCOUNT_EXISTS_UNVERIFIED when the username belongs to another unverified account', async () => {
    const pending = newAccount();
    await register(server, pending);
    const res = await api(server, 'POST', '/api/auth/register/', { body: newAccount({ username: pending.username }) });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ code: 'ACCOUNT_EXISTS_UNVERIFIED', errors: { username: [expect.any(String)] } });
    expect(res.json.email).toBeUndefined();
  });

  it('lets exactly one of two simultaneous registrations of one e-mail through', async () => {
    const account = newAccount();
    const results = await Promise.all([
      api(server, 'POST', '/api/auth/register/', { body: account }),
      api(server, 'POST', '/api/auth/register/', { body: { ...account, username: `${account.username}b` } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 403]);
    const rows = await server.ctx.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${account.email}`);
    expect(rows).toHaveLength(1);
  });
});

describe('POST /api/auth/verify-email/ and /api/auth/resend-verification/', () => {
  it('verifies with the e-mailed code, then answers ALREADY_VERIFIED', async () => {
    const account = newAccount();
    const res = await register(server, account);
    const code = await codeSentTo(server, account.email);
    const ok = await api(server, 'POST', '/api/auth/verify-email/', { body: { email: account.email.toUpperCase(), code } });
    expect(ok.status).toBe(200);
    expect(ok.json.message).toBe('Email verificado correctamente. Ahora puedes iniciar sesión.');
    expect((await userRow(res.json.user_id)).email_verified).toBe(true);
    const again = await api(server, 'POST', '/api/auth/verify-email/', { body: { email: account.email, code } });
    expect(again.status).toBe(400);
    expect(again.json.code).toBe('ALREADY_VERIFIED');
  });

  it('refuses a wrong code with the attempts left, a malformed code, and an unknown e-mail', async () => {
    const account = newAccount();
    await register(server, account);
    const code = await codeSentTo(server, account.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await api(server, 'POST', '/api/auth/verify-email/', { body: { email: account.email, code: wrong } });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'INVALID_CODE', remaining_attempts: 4 });
    const malformed = await api(server, 'POST', '/api/auth/verify-email/', { body: { email: account.email, code: '12ab' } });
    expect(malformed.status).toBe(400);
    expect(malformed.json.errors.code).toEqual(['El código debe tener 6 dígitos']);
    const unknown = await api(server, 'POST', '/api/auth/verify-email/', { body: { email: 'nadie@correo.test', code } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.code).toBe('INVALID_CODE');
  });

  it('resends a new code that replaces the old one', async () => {
    const account = newAccount();
    await register(server, account);
    const first = await codeSentTo(server, account.email);
    const seen = await outboxIds(server);
    const res = await api(server, 'POST', '/api/auth/resend-verification/', { body: { email: account.email } });
    expect(res.status).toBe(200);
    expect(res.json.message).toMatch(/te enviamos un nuevo código/);
    const second = await codeSentTo(server, account.email, '', seen);
    if (first !== second) {
      expect((await api(server, 'POST', '/api/auth/verify-email/', { body: { email: account.email, code: first } })).status).toBe(400);
    }
    expect((await api(server, 'POST', '/api/auth/verify-email/', { body: { email: account.email, code: second } })).status).toBe(200);
  });

  it('answers unknown, unverified and verified e-mails alike, sending a code only to the unverified one', async () => {
    const pending = await createUser(server.ctx.db, { email_verified: false });
    const verified = await createUser(server.ctx.db);
    const emails = [pending.email, verified.email, 'fantasma@correo.test'];
    const answers = await Promise.all(emails.map((email) => api(server, 'POST', '/api/auth/resend-verification/', { body: { email } })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => JSON.stringify({ ...a.json, email: null }))).size).toBe(1);
    expect(answers[0].json.message).toMatch(/te enviamos un nuevo código/);
    await backgroundSettled();
    expect(await queuedTo(emails)).toEqual([1, 0, 0]);
  });

  it('ends every session opened before the e-mail was verified', async () => {
    const user = await createUser(server.ctx.db, { email_verified: false });
    expect((await api(server, 'GET', '/api/auth/profile/', { token: user.token })).status).toBe(200);
    await api(server, 'POST', '/api/auth/resend-verification/', { body: { email: user.email } });
    const code = await codeSentTo(server, user.email, 'verificación');
    expect((await api(server, 'POST', '/api/auth/verify-email/', { body: { email: user.email, code } })).status).toBe(200);
    expect((await api(server, 'GET', '/api/auth/profile/', { token: user.token })).status).toBe(401);
    expect((await login(server, user.username, TEST_PASSWORD)).status).toBe(200);
  });
});

/** Mail queued for each address, in order. */
async function queuedTo(emails: string[]): Promise<number[]> {
  const rows = await server.ctx.db.select({ to: mailOutbox.to_address }).from(mailOutbox).where(inArray(mailOutbox.to_address, emails));
  return emails.map((email) => rows.filter((r) => r.to === email).length);
}

/** Holds the user's row locked (the whole database, on PGlite) until the returned function is called. */
async function lockUser(id: number): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const transaction = server.ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select id from users where id = ${id} for update`);
    locked();
    await released;
  });
  await isLocked;
  return async () => {
    release();
    await transaction;
  };
}

describe('resend and reset requests', () => {
  it("answer without waiting for the account's work, so their timing cannot tell accounts apart", async () => {
    const user = await createUser(server.ctx.db, { email_verified: false });
    const maintenance = server.ctx.caches.settings.stats;
    let sent = 0;
    for (const path of ['/api/auth/resend-verification/', '/api/auth/request-password-reset/']) {
      // Every request reads the maintenance state, cached for a second: read it right before the
      // lock, while the database answers, so the request needs nothing but the account's row. On
      // a loaded machine the second can pass before the request arrives; the request then waits
      // for the lock on the maintenance read, not on the account, and the try is made again.
      let answered = false;
      for (let attempt = 0; attempt < 5 && !answered; attempt++) {
        await api(server, 'GET', '/api/core/maintenance-status/');
        const unlock = await lockUser(user.id);
        const loadsBefore = maintenance.misses;
        const request = api(server, 'POST', path, { body: { email: user.email } });
        sent++;
        try {
          const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 1500));
          const res = await Promise.race([request, timeout]);
          if (res === null && maintenance.misses > loadsBefore) continue;
          expect(res?.status, path).toBe(200);
          answered = true;
        } finally {
          await unlock();
          await request;
        }
      }
      expect(answered, path).toBe(true);
    }
    // The work happened after the replies: a code went out for every request.
    await backgroundSettled();
    expect(await queuedTo([user.email])).toEqual([sent]);
  });
});

describe('POST /api/auth/login/', () => {
  it('logs in by username or e-mail, case-insensitive, and records last_login and the activity', async () => {
    const account = await registerVerified(server);
    const byUsername = await login(server, account.username.toUpperCase(), account.password);
    expect(byUsername.status).toBe(200);
    expect(byUsername.json).toEqual({
      user: {
        id: account.id,
        username: account.username,
        email: account.email,
        first_name: account.first_name,
        last_name: account.last_name,
        is_staff: false,
        is_superuser: false,
        role: null,
        marketing_opt_in: false,
        marketing_opt_in_changed_at: null,
      },
      access: expect.any(String),
      refresh: expect.any(String),
      is_staff: false,
    });
    expect(byUsername.headers.get('cache-control')).toBe('no-store');
    const byEmail = await login(server, account.email.toUpperCase(), account.password);
    expect(byEmail.status).toBe(200);
    expect((await userRow(account.id)).last_login).toBeInstanceOf(Date);
    const entries = await server.ctx.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.action, 'login'), eq(activityLogs.user_id, account.id)));
    expect(entries).toHaveLength(2);
    const profile = await api(server, 'GET', '/api/auth/profile/', { token: byEmail.json.access });
    expect(profile.status).toBe(200);
  });

  it('answers the same 401 for a wrong password and an unknown user', async () => {
    const account = await registerVerified(server);
    const wrong = await login(server, account.username, 'no-es-la-clave');
    const unknown = await login(server, 'nadie-existe', 'no-es-la-clave');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual({ error: 'Usuario o contraseña incorrectos', code: 'INVALID_CREDENTIALS' });
    expect(unknown.json).toEqual(wrong.json);
  });

  it('validates the payload (spec §5: username min 4, password min 6)', async () => {
    const res = await login(server, 'abc', '123');
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({
      username_or_email: ['El usuario debe tener al menos 4 caracteres'],
      password: ['La contraseña debe tener al menos 6 caracteres'],
    });
  });

  it('answers ACCOUNT_NOT_VERIFIED with the e-mail, sending a code only when none is pending', async () => {
    const account = newAccount();
    await register(server, account);
    await codeSentTo(server, account.email);
    const before = (await readOutbox(server)).filter((m) => m.to.includes(account.email)).length;
    const res = await login(server, account.email, account.password);
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ error: expect.any(String), code: 'ACCOUNT_NOT_VERIFIED', email: account.email });
    expect(res.headers.get('set-cookie')).toBeNull();
    // The registration code is still valid: no second mail.
    await new Promise((r) => setTimeout(r, 200));
    expect((await readOutbox(server)).filter((m) => m.to.includes(account.email))).toHaveLength(before);

    // Once that code has expired, a login attempt mails a fresh one.
    server.setNow(new Date(Date.now() + 16 * 60_000));
    try {
      const seen = await outboxIds(server);
      expect((await login(server, account.email, account.password)).json.code).toBe('ACCOUNT_NOT_VERIFIED');
      const code = await codeSentTo(server, account.email, '', seen);
      expect((await api(server, 'POST', '/api/auth/verify-email/', { body: { email: account.email, code } })).status).toBe(200);
    } finally {
      server.setNow(null);
    }
    expect((await login(server, account.email, account.password)).status).toBe(200);
  });

  it('refuses a deactivated account with ACCOUNT_INACTIVE only when the password is right', async () => {
    const user = await createUser(server.ctx.db, { is_active: false });
    const right = await login(server, user.username, TEST_PASSWORD);
    expect(right.status).toBe(403);
    expect(right.json.code).toBe('ACCOUNT_INACTIVE');
    const wrong = await login(server, user.username, 'otra-clave-1');
    expect(wrong.status).toBe(401);
  });

  it('tells staff apart with is_staff', async () => {
    const staff = await createStaff(server.ctx.db);
    const res = await loginOk(server, staff.email, TEST_PASSWORD);
    expect(res.is_staff).toBe(true);
    expect(res.user).toMatchObject({ is_staff: true });
  });
});

describe('GET and PUT /api/auth/profile/', () => {
  it('needs a session', async () => {
    expect((await api(server, 'GET', '/api/auth/profile/')).status).toBe(401);
    expect((await api(server, 'PUT', '/api/auth/profile/', { body: { first_name: 'Otra' } })).status).toBe(401);
  });

  it('shows and updates the names, logging the change', async () => {
    const user = await createUser(server.ctx.db, { instagram: '@cultivo' });
    const shown = await api(server, 'GET', '/api/auth/profile/', { token: user.token });
    expect(shown.json).toMatchObject({
      id: user.id,
      username: user.username,
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      instagram: '@cultivo',
      email_verified: true,
      is_staff: false,
    });
    const res = await api(server, 'PUT', '/api/auth/profile/', { token: user.token, body: { first_name: ' Mariana ', last_name: 'Sosa' } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ message: 'Perfil actualizado correctamente', user: { first_name: 'Mariana', last_name: 'Sosa' } });
    const [entry] = await server.ctx.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.action, 'update'), eq(activityLogs.user_id, user.id)));
    expect(entry.changes).toEqual({
      before: { first_name: user.first_name, last_name: user.last_name },
      after: { first_name: 'Mariana', last_name: 'Sosa' },
    });
  });

  it('validates names with the spec messages and refuses an empty update', async () => {
    const user = await createUser(server.ctx.db);
    const short = await api(server, 'PUT', '/api/auth/profile/', { token: user.token, body: { first_name: 'M', last_name: '' } });
    expect(short.status).toBe(400);
    expect(short.json.errors).toEqual({
      first_name: ['El nombre debe tener al menos 2 caracteres'],
      last_name: ['El apellido es requerido'],
    });
    const empty = await api(server, 'PUT', '/api/auth/profile/', { token: user.token, body: {} });
    expect(empty.status).toBe(400);
  });

  it('does not change the e-mail without the code sent to the new address', async () => {
    const user = await createUser(server.ctx.db);
    const res = await api(server, 'PUT', '/api/auth/profile/', { token: user.token, body: { email: 'otro@correo.test' } });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('EMAIL_VERIFICATION_REQUIRED');
    expect((await userRow(user.id)).email).toBe(user.email);
    // The current address with no code is simply no change.
    const same = await api(server, 'PUT', '/api/auth/profile/', {
      token: user.token,
      body: { email: user.email.toUpperCase(), first_name: 'Igual' },
    });
    expect(same.status).toBe(200);
  });
});

describe('e-mail change: POST /api/auth/verify-change/ then PUT /api/auth/profile/', () => {
  it('checks the password, sends a code to the new address and switches the e-mail with it', async () => {
    const user = await createUser(server.ctx.db);
    const body = { type: 'EMAIL_CHANGE', new_email: `Nuevo.${user.username}@Correo.Test`, password: TEST_PASSWORD };
    const newEmail = body.new_email.toLowerCase();

    const wrongPassword = await api(server, 'POST', '/api/auth/verify-change/', {
      token: user.token,
      body: { ...body, password: 'incorrecta' },
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.json).toMatchObject({ code: 'INVALID_PASSWORD', errors: { password: ['La contraseña es incorrecta'] } });

    const res = await api(server, 'POST', '/api/auth/verify-change/', { token: user.token, body });
    expect(res.status).toBe(200);
    expect(res.json.email).toBe(newEmail);
    const code = await codeSentTo(server, newEmail, 'nuevo email');

    // A code for one address does not confirm another.
    const other = await api(server, 'PUT', '/api/auth/profile/', {
      token: user.token,
      body: { email: 'tercero@correo.test', verification_code: code },
    });
    expect(other.status).toBe(400);

    const seen = await outboxIds(server);
    const done = await api(server, 'PUT', '/api/auth/profile/', { token: user.token, body: { email: newEmail, verification_code: code } });
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ message: 'Email actualizado correctamente', user: { email: newEmail, email_verified: true } });
    const notice = await waitForOutboxMail(server, user.email, 'actualizado', seen);
    expect(notice.text).toContain(newEmail);
    expect((await loginOk(server, newEmail, TEST_PASSWORD)).user.email).toBe(newEmail);

    const reused = await api(server, 'PUT', '/api/auth/profile/', {
      token: user.token,
      body: { email: user.email, verification_code: code },
    });
    expect(reused.status).toBe(400);
    expect(reused.json.code).toBe('INVALID_CODE');
  });

  it('refuses the current address, an address of another account and an unknown type', async () => {
    const user = await createUser(server.ctx.db);
    const other = await createUser(server.ctx.db);
    const same = await api(server, 'POST', '/api/auth/verify-change/', {
      token: user.token,
      body: { type: 'EMAIL_CHANGE', new_email: user.email, password: TEST_PASSWORD },
    });
    expect(same.status).toBe(400);
    expect(same.json.errors.new_email).toBeDefined();
    const taken = await api(server, 'POST', '/api/auth/verify-change/', {
      token: user.token,
      body: { type: 'EMAIL_CHANGE', new_email: other.email.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(taken.status).toBe(409);
    expect(taken.json.code).toBe('EMAIL_IN_USE');
    const badType = await api(server, 'POST', '/api/auth/verify-change/', {
      token: user.token,
      body: { type: 'PHONE_CHANGE', new_email: 'x@correo.test', password: TEST_PASSWORD },
    });
    expect(badType.status).toBe(400);
    expect((await api(server, 'POST', '/api/auth/verify-change/', { body: { type: 'EMAIL_CHANGE' } })).status).toBe(401);
  });

  it('refuses the change when another account took the address after the code was sent', async () => {
    const user = await createUser(server.ctx.db);
    const target = `disputado.${user.username}@correo.test`;
    await api(server, 'POST', '/api/auth/verify-change/', {
      token: user.token,
      body: { type: 'EMAIL_CHANGE', new_email: target, password: TEST_PASSWORD },
    });
    const code = await codeSentTo(server, target);
    await createUser(server.ctx.db, { email: target });
    const res = await api(server, 'PUT', '/api/auth/profile/', { token: user.token, body: { email: target, verification_code: code } });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('EMAIL_IN_USE');
    expect((await userRow(user.id)).email).toBe(user.email);
  });
});

describe('POST /api/auth/change-password/', () => {
  it('changes the password with the current one and returns a fresh session', async () => {
    const user = await createUser(server.ctx.db);
    const res = await api(server, 'POST', '/api/auth/change-password/', {
      token: user.token,
      body: { old_password: TEST_PASSWORD, new_password: 'nueva-clave-7', new_password2: 'nueva-clave-7' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      message: 'Contraseña actualizada correctamente',
      access: expect.any(String),
      refresh: expect.any(String),
      user: { id: user.id },
    });
    expect(res.headers.get('set-cookie')).toContain(`refresh_token=${res.json.refresh}`);
    expect((await login(server, user.username, TEST_PASSWORD)).status).toBe(401);
    expect((await login(server, user.username, 'nueva-clave-7')).status).toBe(200);
  });

  it('refuses a wrong current password, a mismatched confirmation and a short password', async () => {
    const user = await createUser(server.ctx.db);
    const wrong = await api(server, 'POST', '/api/auth/change-password/', {
      token: user.token,
      body: { old_password: 'no-es-esta', new_password: 'nueva-clave-7' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ code: 'INVALID_PASSWORD', errors: { old_password: ['La contraseña actual es incorrecta'] } });
    const mismatch = await api(server, 'POST', '/api/auth/change-password/', {
      token: user.token,
      body: { old_password: TEST_PASSWORD, new_password: 'nueva-clave-7', new_password2: 'nueva-clave-8' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.errors.new_password2).toEqual(['Las contraseñas no coinciden']);
    const short = await api(server, 'POST', '/api/auth/change-password/', {
      token: user.token,
      body: { old_password: TEST_PASSWORD, new_password: '123' },
    });
    expect(short.status).toBe(400);
    expect((await login(server, user.username, TEST_PASSWORD)).status).toBe(200);
    expect((await api(server, 'POST', '/api/auth/change-password/', { body: { old_password: 'x', new_password: 'y' } })).status).toBe(401);
  });
});

describe('password reset', () => {
  it('resets the password with the e-mailed code, once', async () => {
    const user = await createUser(server.ctx.db);
    const req = await api(server, 'POST', '/api/auth/request-password-reset/', { body: { email: user.email.toUpperCase() } });
    expect(req.status).toBe(200);
    const code = await codeSentTo(server, user.email, 'restablecer');
    const body = { email: user.email, code, new_password: 'recuperada-1', new_password2: 'recuperada-1' };
    const res = await api(server, 'POST', '/api/auth/verify-password-reset/', { body });
    expect(res.status).toBe(200);
    expect(res.json.message).toMatch(/restablecida/);
    expect((await login(server, user.username, TEST_PASSWORD)).status).toBe(401);
    expect((await login(server, user.username, 'recuperada-1')).status).toBe(200);
    const again = await api(server, 'POST', '/api/auth/verify-password-reset/', {
      body: { ...body, new_password: 'otra-vez-22', new_password2: undefined },
    });
    expect(again.status).toBe(400);
    expect(again.json.code).toBe('INVALID_CODE');
  });

  it('answers unknown, known and deactivated e-mails alike and sends a code only to the known one', async () => {
    const known = await createUser(server.ctx.db);
    const inactive = await createUser(server.ctx.db, { is_active: false });
    const emails = [known.email, 'desconocido@correo.test', inactive.email];
    for (const path of ['/api/auth/request-password-reset/', '/api/auth/resend-password-reset/']) {
      const answers = await Promise.all(emails.map((email) => api(server, 'POST', path, { body: { email } })));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(new Set(answers.map((a) => JSON.stringify({ ...a.json, email: null }))).size).toBe(1);
    }
    await backgroundSettled();
    expect(await queuedTo(emails)).toEqual([2, 0, 0]);
    await codeSentTo(server, known.email, 'restablecer');
  });

  it('resend replaces the code, and a mismatched confirmation is refused', async () => {
    const user = await createUser(server.ctx.db);
    await api(server, 'POST', '/api/auth/request-password-reset/', { body: { email: user.email } });
    const first = await codeSentTo(server, user.email, 'restablecer');
    const seen = await outboxIds(server);
    expect((await api(server, 'POST', '/api/auth/resend-password-reset/', { body: { email: user.email } })).status).toBe(200);
    const second = await codeSentTo(server, user.email, 'restablecer', seen);
    const mismatch = await api(server, 'POST', '/api/auth/verify-password-reset/', {
      body: { email: user.email, code: second, new_password: 'recuperada-1', new_password2: 'recuperada-2' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.errors.new_password2).toEqual(['Las contraseñas no coinciden']);
    if (first !== second) {
      const old = await api(server, 'POST', '/api/auth/verify-password-reset/', {
        body: { email: user.email, code: first, new_password: 'recuperada-1' },
      });
      expect(old.status).toBe(400);
    }
    const ok = await api(server, 'POST', '/api/auth/verify-password-reset/', {
      body: { email: user.email, code: second, new_password: 'recuperada-1' },
    });
    expect(ok.status).toBe(200);
  });

  it('verifies an unverified account, since the code proves the mailbox', async () => {
    const account = newAccount();
    const reg = await register(server, account);
    await api(server, 'POST', '/api/auth/request-password-reset/', { body: { email: account.email } });
    const code = await codeSentTo(server, account.email, 'restablecer');
    await api(server, 'POST', '/api/auth/verify-password-reset/', { body: { email: account.email, code, new_password: 'recuperada-3' } });
    expect((await userRow(reg.json.user_id)).email_verified).toBe(true);
    expect((await login(server, account.username, 'recuperada-3')).status).toBe(200);
  });
});

describe('GET /api/auth/verify-permissions/', () => {
  it('answers the user fields and can_access_admin by role', async () => {
    const customer = await createUser(server.ctx.db);
    const staff = await createStaff(server.ctx.db);
    const superuser = await createUser(server.ctx.db, { is_superuser: true });
    const c = await api(server, 'GET', '/api/auth/verify-permissions/', { token: customer.token });
    expect(c.status).toBe(200);
    // spec storefront §3 User: user_id, username, email, first_name, last_name, is_staff, is_superuser.
    expect(c.json).toMatchObject({
      user_id: customer.id,
      id: customer.id,
      username: customer.username,
      email: customer.email,
      first_name: customer.first_name,
      last_name: customer.last_name,
      is_staff: false,
      is_superuser: false,
    });
    expect(c.json.permissions.can_access_admin).toBe(false);
    const s = await api(server, 'GET', '/api/auth/verify-permissions/', { token: staff.token });
    expect(s.json).toMatchObject({ is_staff: true, permissions: { can_access_admin: true } });
    const su = await api(server, 'GET', '/api/auth/verify-permissions/', { token: superuser.token });
    expect(su.json).toMatchObject({ is_superuser: true, permissions: { can_access_admin: true } });
    expect((await api(server, 'GET', '/api/auth/verify-permissions/')).status).toBe(401);
  });

  it('follows a role change at once, without a new login', async () => {
    const user = await createUser(server.ctx.db);
    await server.ctx.db.update(users).set(roleColumns('warehouse')).where(eq(users.id, user.id));
    const res = await api(server, 'GET', '/api/auth/verify-permissions/', { token: user.token });
    expect(res.json.permissions.can_access_admin).toBe(true);
  });
});

describe('password hashing cost', () => {
  it('defaults to argon2id with 64 MiB and 4 passes, configurable by environment', () => {
    const base = { DATA_DIR: server.ctx.config.dataDir, JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig(base).argon2).toEqual({ memoryCost: 65536, timeCost: 4 });
    expect(loadConfig({ ...base, ARGON2_MEMORY_KIB: '32768', ARGON2_TIME_COST: '3' }).argon2).toEqual({ memoryCost: 32768, timeCost: 3 });
    expect(() => loadConfig({ ...base, ARGON2_MEMORY_KIB: '1024' })).toThrow(/ARGON2_MEMORY_KIB/);
  });

  it('upgrades a hash made with another cost on the next successful login', async () => {
    const stronger = await startTestServer({ argon2: { memoryCost: 2048, timeCost: 2 }, rateLimits: RELAXED_LIMITS });
    try {
      const user = await createUser(stronger.ctx.db);
      expect(user.password_hash).toContain('m=1024,t=1');
      expect(
        (await api(stronger, 'POST', '/api/auth/login/', { body: { username_or_email: user.username, password: 'incorrecta-1' } })).status,
      ).toBe(401);
      const [untouched] = await stronger.ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(untouched.password_hash).toBe(user.password_hash);
      expect(
        (await api(stronger, 'POST', '/api/auth/login/', { body: { username_or_email: user.username, password: TEST_PASSWORD } })).status,
      ).toBe(200);
      const [row] = await stronger.ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=2048,t=2,p=1\$/);
      expect(
        (await api(stronger, 'POST', '/api/auth/login/', { body: { username_or_email: user.username, password: TEST_PASSWORD } })).status,
      ).toBe(200);
    } finally {
      await stronger.close();
    }
  });
});
