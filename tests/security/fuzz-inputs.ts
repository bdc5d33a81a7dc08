// Malformed inputs for the fuzz test: a seeded random source, pools of hostile values and the
// mutations that turn a valid request body or query into a broken one.

/** mulberry32: small, fast and the same sequence for the same seed on every machine. */
export class Rand {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(max: number): number {
    return Math.floor(this.next() * max);
  }

  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)];
  }

  chance(p: number): boolean {
    return this.next() < p;
  }
}

export const HUGE_STRING = 'A'.repeat(100 * 1024);

export const SQL_INJECTION = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1 UNION SELECT password_hash FROM users --',
  "%' AND pg_sleep(3) --",
  "'||(select version())||'",
  '" OR ""="',
  '1; select 1',
  '\\',
  'abc\\',
  '%',
  '_%_',
  '$1',
  "') OR 1=1 /*",
];

export const HTML_INJECTION = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  'javascript:window.__xss=1',
  '"><svg onload=window.__xss=1>',
  "'-alert(1)-'",
  '{{7*7}}${7*7}<%= 7*7 %>',
  '<!--',
  ']]>',
];

export const ODD_UNICODE = [
  '\u202Eevil\u202C',
  '\u200F\u200E\u200B',
  'a\u0000b',
  '\u0000',
  '\uD800',
  '\uDC00x',
  '🌱🔥👩‍👩‍👧',
  'ｆｕｌｌｗｉｄｔｈ',
  'İstanbul ǅ ß',
  '\uFEFFbom',
  'e\u0301\u0301\u0301',
  '\u0085\u2028\u2029',
  'ñandú ÁÉÍÓÚ',
  '\u001b[31mrojo',
  '\r\nSet-Cookie: x=1',
];

export const ODD_STRINGS = [
  '',
  ' ',
  '   \t\n',
  'null',
  'undefined',
  'true',
  'NaN',
  '-1',
  '0',
  '1e309',
  '__proto__',
  '../../etc/passwd',
  '%00',
  '%2e%2e%2f',
  'a'.repeat(300),
];

export const HOSTILE_STRINGS = [...SQL_INJECTION, ...HTML_INJECTION, ...ODD_UNICODE, ...ODD_STRINGS];

/** Path parameters that no route should take for an id (raw, percent-encoded where needed). */
export const BAD_IDS = [
  '0',
  '-1',
  '1e309',
  'abc',
  '99999999999',
  '..',
  '%2e%2e',
  '..%2f..%2f',
  '1.5',
  '-0',
  'NaN',
  'Infinity',
  '2147483648',
  '%00',
  "'",
  '%27%20OR%201=1',
  '%F0%9F%8C%B1',
  '%E2%80%AE1',
  '9'.repeat(250),
  '%',
  '%zz',
  '[]',
  '{}',
];

function hugeArray(rand: Rand): unknown[] {
  const length = 5000 + rand.int(15000);
  const item = rand.pick<unknown>([1, 'x', null, {}, [1]]);
  return Array.from({ length }, () => item);
}

/** A value of a different JSON type than `original`. */
export function wrongType(rand: Rand, original: unknown): unknown {
  const candidates: unknown[] = [
    null,
    0,
    -1,
    1.5,
    1e308,
    -2147483649,
    '',
    'texto',
    [],
    [1, 2],
    {},
    { a: 1 },
    HUGE_STRING,
    rand.pick(HOSTILE_STRINGS),
  ];
  // Booleans only replace non-booleans: a flag flipped to `true` could be a valid change (the
  // maintenance switch), not a malformed one.
  if (typeof original !== 'boolean') candidates.push(true, false);
  const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  const others = candidates.filter((v) => kind(v) !== kind(original));
  return rand.pick(others);
}

/** Paths to every value in a JSON template (object keys and array indexes). */
export function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) {
    return value.length ? value.flatMap((v, i) => [[...prefix, i], ...leafPaths(v, [...prefix, i])]) : [];
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...leafPaths(v, [...prefix, k])]);
  }
  return [];
}

export function setLeaf(target: any, path: (string | number)[], value: unknown, remove = false) {
  let node = target;
  for (const key of path.slice(0, -1)) node = node[key];
  const last = path[path.length - 1];
  if (remove) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else {
    node[last] = value;
  }
}

export function leafValue(target: any, path: (string | number)[]): unknown {
  return path.reduce((node, key) => (node == null ? undefined : node[key]), target);
}

/** Fields a client must never be able to set: an attacker adds them to any payload. */
const PRIVILEGED_FIELDS: Record<string, unknown>[] = [
  { is_staff: true, is_superuser: true },
  { price: 0, final_price: 0, price_at_time: 0, total: 0 },
  { id: 1, user_id: 1, user: 1 },
  { status: 'completed', email_verified: true, is_active: true },
  { stock: 999999, deleted_at: null },
  { fuzz_extra: 'x', '': '', ' ': 1 },
];

export type BodyMutation =
  | 'wrong-type'
  | 'missing'
  | 'missing-all'
  | 'extra'
  | 'huge-string'
  | 'huge-array'
  | 'unicode'
  | 'injection'
  | 'number-edge'
  | 'not-object'
  | 'deep'
  | 'proto';

export const BODY_MUTATIONS: BodyMutation[] = [
  'wrong-type',
  'wrong-type',
  'wrong-type',
  'missing',
  'missing',
  'missing-all',
  'extra',
  'extra',
  'huge-string',
  'huge-array',
  'unicode',
  'unicode',
  'injection',
  'injection',
  'number-edge',
  'not-object',
  'deep',
  'proto',
];

/**
 * A JSON text made from a valid body by one mutation. Returns text so values JSON.stringify
 * cannot write (1e309, duplicate and `__proto__` keys) can be sent.
 */
export function mutateBody(rand: Rand, template: unknown, mutation: BodyMutation): string {
  const body = structuredClone(template) as Record<string, unknown>;
  const paths = leafPaths(body);
  const somePath = () => rand.pick(paths);
  const stringPaths = paths.filter((p) => typeof leafValue(body, p) === 'string');
  const textPath = () => (stringPaths.length ? rand.pick(stringPaths) : paths.length ? somePath() : ['fuzz']);
  switch (mutation) {
    case 'wrong-type': {
      if (!paths.length) return JSON.stringify(wrongType(rand, body));
      const path = somePath();
      setLeaf(body, path, wrongType(rand, leafValue(body, path)));
      return JSON.stringify(body);
    }
    case 'missing':
      if (paths.length) setLeaf(body, somePath(), undefined, true);
      return JSON.stringify(body);
    case 'missing-all':
      return '{}';
    case 'extra':
      return JSON.stringify({ ...body, ...rand.pick(PRIVILEGED_FIELDS) });
    case 'huge-string':
      setLeaf(body, textPath(), rand.chance(0.5) ? HUGE_STRING : `${HUGE_STRING}${rand.pick(HOSTILE_STRINGS)}`);
      return JSON.stringify(body);
    case 'huge-array':
      setLeaf(body, paths.length ? somePath() : ['fuzz'], hugeArray(rand));
      return JSON.stringify(body);
    case 'unicode': {
      const path = textPath();
      const original = leafValue(body, path);
      const odd = rand.pick(ODD_UNICODE);
      setLeaf(body, path, typeof original === 'string' && rand.chance(0.5) ? `${original}${odd}` : odd);
      return JSON.stringify(body);
    }
    case 'injection': {
      const path = textPath();
      const original = leafValue(body, path);
      const payload = rand.pick([...SQL_INJECTION, ...HTML_INJECTION]);
      setLeaf(body, path, typeof original === 'string' && rand.chance(0.5) ? `${original}${payload}` : payload);
      return JSON.stringify(body);
    }
    case 'number-edge': {
      const path = paths.length ? somePath() : ['fuzz'];
      const marker = '"__NUMBER_EDGE__"';
      setLeaf(body, path, '__NUMBER_EDGE__');
      const edge = rand.pick([
        '1e309',
        '-1e309',
        '-0',
        '9007199254740993',
        '1e-400',
        '0.1e1',
        '-2147483649',
        '2147483648',
        '1.0000000000000002',
      ]);
      return JSON.stringify(body).replace(marker, edge);
    }
    case 'not-object':
      return rand.pick(['[]', '"texto"', '123', 'null', 'true', '[{}]', JSON.stringify([body])]);
    case 'deep': {
      const depth = 2000 + rand.int(6000);
      return rand.chance(0.5) ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    }
    case 'proto': {
      const inner = JSON.stringify(body).slice(1, -1);
      const extra = rand.pick([
        '"__proto__":{"is_staff":true}',
        '"constructor":{"prototype":{"is_staff":true}}',
        '"is_staff":false,"is_staff":true',
      ]);
      return `{${inner}${inner ? ',' : ''}${extra}}`;
    }
  }
}

export const INVALID_JSON = [
  '{"a":',
  "{'a':1}",
  '[1,2',
  'nul',
  '{"a":1}}',
  '{"a":undefined}',
  '{"a":NaN}',
  '{"a":0x10}',
  '{,}',
  '\u0000',
  '{"a":"\\u00"}',
  '{"a":"\\x41"}',
  '\ufeff{"a":1}',
  '{"a":1,}',
  '""""',
  '{"a":"b"\n"c":1}',
];

export const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=zzz',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/jsonx',
  'text/html',
  'application/octet-stream',
  ';;;',
  'application/json, text/plain',
];

/**
 * encodeURIComponent that also writes lone surrogates, as the invalid UTF-8 bytes a careless
 * client would send (encodeURIComponent itself throws on them).
 */
export function encodeLoose(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    const pair = unit >= 0xd800 && unit <= 0xdbff && i + 1 < value.length && (value.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    if (pair) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(value[i]);
    }
  }
  return out;
}

/** Query values that no query schema should take. */
export function hostileQueryValue(rand: Rand): string {
  return rand.pick([
    ...HOSTILE_STRINGS.filter((s) => s.length < 1000),
    'x'.repeat(5000),
    '-1',
    '0',
    '1e309',
    '99999999999',
    'true,false',
    ',,,,',
    'a,b,c,'.repeat(200),
  ]);
}

/** Raw (already encoded) query pieces that stress the query parser itself. */
export const RAW_QUERY_PIECES = [
  'page=%zz',
  'search=%E0%A4%A',
  'search=%',
  '__proto__=1',
  'constructor[prototype][x]=1',
  'a[b][c]=1',
  'page=1&page=2',
  'page[]=1',
  '=&=&',
  '&&&',
  'search=%00',
  'search=%C0%AF',
  'type=fem&type=auto&type=zzz',
  'page=0x10',
  'ordering=;drop',
];

// ---------------------------------------------------------------------------------------------
// Multipart bodies for the upload route

export interface Multipart {
  contentType: string;
  body: Buffer;
}

export function multipart(
  parts: { name: string; filename?: string; type?: string; data: Buffer | string }[],
  boundary = 'fuzzboundary',
): Multipart {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(chunks) };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Upload bodies that must all be refused: not images, broken images, wrong fields, bad framing. */
export function badUpload(rand: Rand, validPng: Buffer): Multipart {
  const purpose = rand.pick(['product', 'brand', 'warranty', 'avatar', '', HUGE_STRING.slice(0, 2000), '../../etc', '<script>']);
  const good = ['product', 'brand', 'warranty'].includes(purpose);
  const cases: (() => Multipart)[] = [
    () =>
      multipart([
        { name: 'purpose', data: purpose },
        { name: 'file', filename: 'a.png', type: 'image/png', data: 'no soy una imagen' },
      ]),
    () =>
      multipart([
        { name: 'purpose', data: purpose },
        { name: 'file', filename: 'a.png', type: 'image/png', data: Buffer.concat([PNG_SIGNATURE, Buffer.alloc(64)]) },
      ]),
    () =>
      multipart([
        { name: 'purpose', data: purpose },
        { name: 'file', filename: 'a.png', type: 'image/png', data: validPng.subarray(0, Math.floor(validPng.length / 2)) },
      ]),
    () =>
      multipart([
        { name: 'purpose', data: purpose },
        { name: 'file', filename: 'x.svg', type: 'image/svg+xml', data: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>' },
      ]),
    () =>
      multipart([
        { name: 'purpose', data: purpose },
        { name: 'file', filename: '', type: 'image/png', data: Buffer.alloc(0) },
      ]),
    () =>
      multipart([
        { name: 'purpose', data: purpose },
        { name: 'imagen', filename: 'a.png', type: 'image/png', data: validPng },
      ]),
    () => multipart([{ name: 'purpose', data: purpose }]),
    () =>
      multipart([
        { name: 'file', filename: 'a.png', type: 'image/png', data: validPng },
        { name: 'purpose', data: good ? 'avatar' : purpose },
      ]),
    () =>
      multipart([
        { name: 'purpose', data: 'x'.repeat(5000) },
        { name: 'file', filename: 'a.png', type: 'image/png', data: validPng },
      ]),
    () =>
      multipart([
        { name: 'purpose', data: good ? 'avatar' : purpose },
        { name: 'file', filename: '../../../etc/passwd', type: 'image/png', data: validPng },
      ]),
    () => ({
      contentType: 'multipart/form-data; boundary=fuzzboundary',
      body: Buffer.from('--fuzzboundary\r\nContent-Disposition: form-data; name="file"\r\n\r\nsin cierre'),
    }),
    () => ({ contentType: 'multipart/form-data', body: Buffer.from('sin boundary') }),
    () => ({ contentType: 'multipart/form-data; boundary=otra', body: multipart([{ name: 'purpose', data: 'product' }]).body }),
  ];
  return rand.pick(cases)();
}
