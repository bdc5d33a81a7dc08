// Reading the mail the server sent: the .eml files of DATA_DIR/outbox, or a real SMTP receiver on
// loopback (smtp-server). A small MIME reader decodes what nodemailer writes.
import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import type { TestServer } from './app';

export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
  /** The file name (outbox) or arrival order (SMTP). */
  id: string;
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, data: string) => {
      if (encoding.toUpperCase() === 'B') return Buffer.from(data, 'base64').toString('utf8');
      const bytes = data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    });
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      const bytes = body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    default:
      return body;
  }
}

/** Parses a message as nodemailer builds it: one part, or multipart/alternative of text and HTML. */
export function parseMail(raw: string, id = ''): ReceivedMail {
  const { headers, body } = splitHeaders(raw);
  const mail: ReceivedMail = {
    to: decodeWords(headers.to ?? ''),
    from: decodeWords(headers.from ?? ''),
    subject: decodeWords(headers.subject ?? ''),
    text: '',
    html: '',
    raw,
    id,
  };
  const collect = (contentType: string, partBody: string, encoding: string | undefined) => {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (/^multipart\//i.test(contentType) && boundary) {
      for (const chunk of partBody.split(`--${boundary}`).slice(1)) {
        if (chunk.startsWith('--')) break;
        const part = splitHeaders(chunk.replace(/^\n/, ''));
        collect(part.headers['content-type'] ?? 'text/plain', part.body, part.headers['content-transfer-encoding']);
      }
    } else if (/^text\/html/i.test(contentType)) {
      mail.html += decodeBody(partBody, encoding);
    } else if (/^text\/plain/i.test(contentType)) {
      mail.text += decodeBody(partBody, encoding);
    }
  };
  collect(headers['content-type'] ?? 'text/plain', body, headers['content-transfer-encoding']);
  return mail;
}

/** Every .eml in the server's outbox folder, oldest first. */
export async function readOutbox(server: TestServer): Promise<ReceivedMail[]> {
  const dir = path.join(server.ctx.config.dataDir, 'outbox');
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(files.map(async (f) => parseMail(await readFile(path.join(dir, f), 'utf8'), f)));
}

/** Polls `probe` until it returns a value (not null/undefined/false). */
export async function eventually<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error('La condición esperada no se cumplió a tiempo');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Waits until `list()` has a message matching `match`; the newest such message. */
export async function waitForMail(
  list: () => Promise<ReceivedMail[]> | ReceivedMail[],
  match: (mail: ReceivedMail) => boolean,
  timeoutMs = 5000,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await list()).filter(match);
    if (found.length) return found[found.length - 1];
    if (Date.now() > deadline) throw new Error('No llegó el correo esperado');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Waits for the newest outbox message to an address (optionally with a subject fragment). */
export function waitForOutboxMail(server: TestServer, to: string, subjectIncludes = '', after: string[] = []) {
  return waitForMail(
    () => readOutbox(server),
    (m) => m.to.toLowerCase().includes(to.toLowerCase()) && m.subject.includes(subjectIncludes) && !after.includes(m.id),
  );
}

/** The 6-digit code of a code e-mail, read from its text version. */
export function extractCode(mail: ReceivedMail): string {
  const match = /^\s*(\d{6})\s*$/m.exec(mail.text);
  if (!match) throw new Error(`El correo no trae un código: ${mail.text}`);
  return match[1];
}

export interface SmtpReceiver {
  url: string;
  messages: ReceivedMail[];
  /** While set, every message is refused with a temporary 451 error carrying this text. */
  rejectWith: string | null;
  close(): Promise<void>;
}

/** A real SMTP server on a free loopback port that keeps every message it receives. */
export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const messages: ReceivedMail[] = [];
  // url and close are filled in once listening; onData reads rejectWith as each message arrives.
  const receiver: SmtpReceiver = { url: '', messages, rejectWith: null, close: async () => {} };
  const server = new SMTPServer({
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (receiver.rejectWith) return callback(Object.assign(new Error(receiver.rejectWith), { responseCode: 451 }));
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), String(messages.length + 1));
        mail.to = session.envelope.rcptTo.map((r) => r.address).join(', ') || mail.to;
        messages.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  receiver.url = `smtp://127.0.0.1:${port}`;
  receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return receiver;
}
