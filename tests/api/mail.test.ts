// E-mail: the shop layout, the account e-mails as written to the outbox folder and as received
// by a real SMTP server on loopback, and delivery failures that never fail the request.
import { tmpdir } from 'node:os';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { mailOutbox } from '../../src/server/db/schema';
import { createAppContext } from '../../src/server/app-context';
import type { AppContext } from '../../src/server/context';
import { openPostgres } from '../../src/server/db/client';
import { deliverDueMail, queueMail } from '../../src/server/modules/mail/service';
import { renderEmail } from '../../src/server/shared/mail-templates';
import { api, createTestDatabase, startTestServer, testConfig, type TestServer } from '../helpers/app';
import { createUser, TEST_PASSWORD } from '../helpers/factories';
import { eventually, extractCode, readOutbox, startSmtpReceiver, waitForMail, waitForOutboxMail, type SmtpReceiver } from '../helpers/mail';
import { newAccount, register, RELAXED_LIMITS } from './auth-helpers';

describe('renderEmail', () => {
  const email = renderEmail({
    title: 'Pedido <confirmado>',
    preheader: 'Gracias por tu compra',
    paragraphs: ['Hola "Ana" & equipo,', 'Línea uno\nLínea dos'],
    code: '042917',
    bodyHtml: '<table><tr><td>Total</td><td>$ 12.000</td></tr></table>',
    bodyText: 'Total: $ 12.000',
    action: { label: 'Ver pedido', url: 'https://semillas.example/mi-cuenta?section=orders' },
    footnote: 'Si no hiciste este pedido, avísanos.',
  });

  it('builds a Spanish, mobile-friendly HTML page with the shop header', () => {
    expect(email.html).toMatch(/^<!DOCTYPE html>\n<html lang="es">/);
    expect(email.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(email.html).toContain('background:#14532d');
    expect(email.html).toContain('Semillas del Sur');
    expect(email.html).toContain('max-width:600px');
    expect(email.html).not.toContain('<style');
  });

  it('escapes the text it is given and keeps the caller HTML', () => {
    expect(email.html).toContain('Pedido &lt;confirmado&gt;');
    expect(email.html).toContain('Hola &quot;Ana&quot; &amp; equipo,');
    expect(email.html).toContain('Línea uno<br>Línea dos');
    expect(email.html).toContain('<td>$ 12.000</td>');
    expect(email.html).toContain('href="https://semillas.example/mi-cuenta?section=orders"');
    expect(email.html).toMatch(/display:none[^>]*>Gracias por tu compra</);
    expect(email.html).toContain('>042917</td>');
  });

  it('writes a plain-text version with the same content', () => {
    expect(email.text).toContain('Pedido <confirmado>');
    expect(email.text).toContain('Hola "Ana" & equipo,');
    expect(email.text).toMatch(/^\s+042917$/m);
    expect(email.text).toContain('Total: $ 12.000');
    expect(email.text).toContain('Ver pedido: https://semillas.example/mi-cuenta?section=orders');
    expect(email.text).toContain('Si no hiciste este pedido, avísanos.');
    expect(email.text).not.toMatch(/<(p|br|table|td|a|h1|div)\b/i);
  });

  it('drops a button whose link is not http(s) or mailto', () => {
    const bad = renderEmail({ title: 'x', paragraphs: ['y'], action: { label: 'Clic', url: 'javascript:alert(1)' } });
    expect(bad.html).not.toContain('javascript:');
    expect(bad.text).not.toContain('javascript:');
  });
});

/** The configuration the server reads from these variables. */
const configFrom = (env: Record<string, string>) => loadConfig({ DATA_DIR: tmpdir(), JWT_SECRET: 'x'.repeat(40), ...env });

describe('the sender', () => {
  it("is the shop's name at no-reply@ the public host, unless MAIL_FROM names another", () => {
    expect(configFrom({}).mailFrom).toBe('Semillas del Sur <no-reply@localhost>');
    expect(configFrom({ PUBLIC_URL: 'https://www.semillasdelsur.com.ar/' }).mailFrom).toBe(
      'Semillas del Sur <no-reply@www.semillasdelsur.com.ar>',
    );
    expect(configFrom({ MAIL_FROM: 'Ventas <ventas@semillas.example>' }).mailFrom).toBe('Ventas <ventas@semillas.example>');
  });

  it('gives customers the shop address only, never the admin login address', () => {
    expect(configFrom({ ADMIN_EMAIL: 'admin@semillas.example' })).toMatchObject({
      shopEmail: 'admin@semillas.example',
      contactEmail: undefined,
    });
    expect(configFrom({ ADMIN_EMAIL: 'admin@semillas.example', SHOP_EMAIL: 'ventas@semillas.example' })).toMatchObject({
      contactEmail: 'ventas@semillas.example',
    });
  });
});

describe('account e-mails in the outbox folder', () => {
  let server: TestServer;
  beforeAll(async () => {
    const { mailFrom, publicUrl } = configFrom({ PUBLIC_URL: 'https://semillas.example' });
    server = await startTestServer({ rateLimits: RELAXED_LIMITS, publicUrl, mailFrom });
  });
  afterAll(() => server.close());

  it('writes the verification code e-mail as a MIME message with HTML and text', async () => {
    const account = newAccount({ first_name: 'Martín' });
    await register(server, account);
    const mail = await waitForOutboxMail(server, account.email);
    expect(mail.subject).toBe('Tu código de verificación - Semillas del Sur');
    expect(mail.from).toBe('Semillas del Sur <no-reply@semillas.example>');
    expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/i);
    const code = extractCode(mail);
    expect(mail.html).toContain(`>${code}</td>`);
    expect(mail.html).toContain('background:#14532d');
    expect(mail.text).toContain('Hola Martín,');
    expect(mail.text).toContain('vence en 15 minutos');
    expect(mail.text).toContain('https://semillas.example/login');
    const row = await eventually(async () => {
      const [r] = await server.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, account.email));
      return r?.status === 'sent' ? r : null;
    });
    expect(row.html).toContain(code);
  });

  it('writes the password reset and e-mail change e-mails', async () => {
    const user = await createUser(server.ctx.db, { first_name: 'Rocío' });
    await api(server, 'POST', '/api/auth/request-password-reset/', { body: { email: user.email } });
    const reset = await waitForOutboxMail(server, user.email, 'restablecer');
    expect(reset.subject).toBe('Código para restablecer tu contraseña - Semillas del Sur');
    expect(reset.text).toContain('Hola Rocío,');
    expect(extractCode(reset)).toMatch(/^\d{6}$/);
    expect(reset.html).toContain('https://semillas.example/recuperar-contrasena');

    const newEmail = `nuevo.${user.username}@correo.test`;
    await api(server, 'POST', '/api/auth/verify-change/', {
      token: user.token,
      body: { type: 'EMAIL_CHANGE', new_email: newEmail, password: TEST_PASSWORD },
    });
    const change = await waitForOutboxMail(server, newEmail);
    expect(change.subject).toBe('Confirma tu nuevo email - Semillas del Sur');
    expect(change.text).toContain(newEmail);
    expect(extractCode(change)).toMatch(/^\d{6}$/);
    expect((await readOutbox(server)).filter((m) => m.to.includes(user.email) && m.subject.includes('nuevo email'))).toHaveLength(0);
  });
});

describe('account e-mails over SMTP', () => {
  let receiver: SmtpReceiver;
  let server: TestServer;
  beforeAll(async () => {
    // smtp-server offers STARTTLS with a self-signed certificate; the transport skips TLS on loopback.
    receiver = await startSmtpReceiver();
    server = await startTestServer({ smtpUrl: receiver.url, rateLimits: RELAXED_LIMITS });
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
  });

  const received = (to: string, subject = '') =>
    waitForMail(
      () => receiver.messages,
      (m) => m.to.includes(to) && m.subject.includes(subject),
    );

  it('delivers the verification code to the SMTP server, and the code verifies the account', async () => {
    const account = newAccount();
    await register(server, account);
    const mail = await received(account.email);
    expect(mail.subject).toBe('Tu código de verificación - Semillas del Sur');
    expect(mail.html).toContain('Semillas del Sur');
    const res = await api(server, 'POST', '/api/auth/verify-email/', { body: { email: account.email, code: extractCode(mail) } });
    expect(res.status).toBe(200);
    expect(await readOutbox(server)).toHaveLength(0);
    const row = await eventually(async () => {
      const [r] = await server.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, account.email));
      return r?.status === 'sent' ? r : null;
    });
    expect(row.attempts).toBe(1);
  });

  it('delivers the password reset code, which resets the password', async () => {
    const user = await createUser(server.ctx.db);
    await api(server, 'POST', '/api/auth/request-password-reset/', { body: { email: user.email } });
    const mail = await received(user.email, 'restablecer');
    const res = await api(server, 'POST', '/api/auth/verify-password-reset/', {
      body: { email: user.email, code: extractCode(mail), new_password: 'por-smtp-123' },
    });
    expect(res.status).toBe(200);
    const login = await api(server, 'POST', '/api/auth/login/', { body: { username_or_email: user.email, password: 'por-smtp-123' } });
    expect(login.status).toBe(200);
  });

  it('delivers the e-mail change code to the new address, then the notice to the old one', async () => {
    const user = await createUser(server.ctx.db);
    const newEmail = `smtp.${user.username}@correo.test`;
    await api(server, 'POST', '/api/auth/verify-change/', {
      token: user.token,
      body: { type: 'EMAIL_CHANGE', new_email: newEmail, password: TEST_PASSWORD },
    });
    const mail = await received(newEmail, 'nuevo email');
    const res = await api(server, 'PUT', '/api/auth/profile/', {
      token: user.token,
      body: { email: newEmail, verification_code: extractCode(mail) },
    });
    expect(res.status).toBe(200);
    const notice = await received(user.email, 'actualizado');
    expect(notice.text).toContain(newEmail);
    expect(notice.text).toContain('Si no hiciste este cambio, escríbenos por WhatsApp al +5491100000000 cuanto antes');
  });

  it('answers the request when the SMTP server refuses, and the outbox delivers on a later try', async () => {
    receiver.rejectWith = 'Buzón temporalmente no disponible';
    const account = newAccount();
    try {
      await register(server, account);
      const row = await eventually(async () => {
        const [r] = await server.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, account.email));
        return r?.last_error ? r : null;
      });
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row.last_error).toMatch(/temporalmente/);
    } finally {
      receiver.rejectWith = null;
    }
    server.setNow(new Date(Date.now() + 10 * 60_000));
    try {
      expect(await deliverDueMail(server.ctx)).toBeGreaterThanOrEqual(1);
    } finally {
      server.setNow(null);
    }
    const mail = await received(account.email);
    expect((await api(server, 'POST', '/api/auth/verify-email/', { body: { email: account.email, code: extractCode(mail) } })).status).toBe(
      200,
    );
  });
});

describe('an unreachable SMTP server', () => {
  it('does not slow down or fail the request', async () => {
    const closed = await startSmtpReceiver();
    await closed.close();
    const server = await startTestServer({ smtpUrl: closed.url, rateLimits: RELAXED_LIMITS });
    try {
      const started = Date.now();
      const res = await api(server, 'POST', '/api/auth/register/', { body: newAccount() });
      expect(res.status).toBe(201);
      expect(Date.now() - started).toBeLessThan(2000);
      const forgot = await api(server, 'POST', '/api/auth/request-password-reset/', { body: { email: res.json.email } });
      expect(forgot.status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('mail retries run by two server processes', () => {
  it('delivers each queued message once when two processes retry the outbox at the same time', { timeout: 120_000 }, async () => {
    const receiver = await startSmtpReceiver();
    const database = await createTestDatabase();
    // A second process has its own pool on PostgreSQL; the embedded database has one owner, so
    // there the two retry jobs share it, as two overlapping runs of one process would.
    const second = database.url ? openPostgres(database.url, 5) : database;
    const config = testConfig(tmpdir(), { smtpUrl: receiver.url });
    const processes: AppContext[] = [createAppContext(database.db, config), createAppContext(second.db, { ...config })];
    try {
      for (let i = 0; i < 10; i++) {
        await queueMail(database.db, { to: `cliente${i}@correo.test`, subject: `Pedido ${i}`, html: `<p>${i}</p>`, text: `${i}` });
      }
      const sent = await Promise.all(processes.map((ctx) => deliverDueMail(ctx)));
      expect(sent[0] + sent[1]).toBe(10);
      await new Promise((r) => setTimeout(r, 200));
      expect(receiver.messages.map((m) => m.subject).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `Pedido ${i}`).sort());
      const rows = await database.db.select().from(mailOutbox);
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    } finally {
      if (second !== database) await second.close();
      await database.close();
      await receiver.close();
    }
  });
});
