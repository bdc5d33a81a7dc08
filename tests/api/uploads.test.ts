import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { GUEST_UPLOADS_PER_WINDOW, STAFF_UPLOADS_PER_WINDOW } from '../../src/server/modules/uploads/routes';
import { useTestServer } from '../helpers/app';
import { createStaff, createStaffWithRole, createUser } from '../helpers/factories';

const server = useTestServer();
let staff: string;
let customer: string;

beforeAll(async () => {
  staff = (await createStaff(server.ctx.db)).token;
  customer = (await createUser(server.ctx.db)).token;
});

const uploadsDir = () => path.join(server.ctx.config.dataDir, 'uploads');
function storedFiles(): string[] {
  const root = uploadsDir();
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

async function upload(opts: { data: Buffer | string; name: string; type?: string; purpose?: string; token?: string; ip?: string }) {
  const form = new FormData();
  if (opts.purpose !== undefined) form.append('purpose', opts.purpose);
  const bytes = typeof opts.data === 'string' ? opts.data : new Uint8Array(opts.data);
  form.append('file', new Blob([bytes], { type: opts.type ?? 'image/png' }), opts.name);
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await fetch(`${server.url}/api/uploads/`, { method: 'POST', body: form, headers });
  return { status: res.status, json: await res.json(), headers: res.headers };
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 60 } } })
    .png()
    .toBuffer();

describe('POST /api/uploads/', () => {
  it('re-encodes a real PNG to WebP in both widths and answers the 800 px URL', async () => {
    const res = await upload({ data: await png(1200, 900), name: 'foto.png', purpose: 'product', token: staff });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ width: 800, height: 600 });
    expect(res.json.url).toMatch(/^\/uploads\/product\/[0-9a-f]{32}-800\.webp$/);
    expect(res.json.secure_url).toBe(res.json.url);
    for (const [suffix, width, height] of [
      ['-800.webp', 800, 600],
      ['-400.webp', 400, 300],
    ] as const) {
      const served = await fetch(`${server.url}${res.json.url.replace('-800.webp', suffix)}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('cache-control')).toMatch(/immutable/);
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height });
    }
  });

  it('never enlarges a small picture', async () => {
    const res = await upload({ data: await png(300, 200), name: 'chica.png', purpose: 'product', token: staff });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ width: 300, height: 200 });
  });

  it('turns a JPEG upright by its EXIF orientation and strips the metadata', async () => {
    const jpeg = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secreto' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);
    const res = await upload({ data: jpeg, name: 'celu.jpg', type: 'image/jpeg', purpose: 'warranty' });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ width: 100, height: 200 });
    const stored = readFileSync(path.join(uploadsDir(), 'warranty', path.basename(res.json.url)));
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('accepts WebP', async () => {
    const webp = await sharp({ create: { width: 50, height: 50, channels: 4, background: '#ff000080' } })
      .webp()
      .toBuffer();
    const res = await upload({ data: webp, name: 'x.webp', type: 'image/webp', purpose: 'brand', token: staff });
    expect(res.status).toBe(201);
  });

  describe('refusals store nothing', () => {
    let before: string[];
    const expectNothingStored = () => expect(storedFiles().sort()).toEqual(before);

    beforeAll(() => {
      before = storedFiles().sort();
    });

    it('refuses a text file named .png', async () => {
      const res = await upload({ data: 'hola, no soy una imagen', name: 'foto.png', type: 'image/png', purpose: 'product', token: staff });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe('Por favor selecciona una imagen válida');
      expectNothingStored();
    });

    it('refuses an SVG', async () => {
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
      const res = await upload({ data: svg, name: 'logo.svg', type: 'image/svg+xml', purpose: 'brand', token: staff });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe('Por favor selecciona una imagen válida');
      expectNothingStored();
    });

    it('refuses a file with a PNG signature that does not decode', async () => {
      const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 7)]);
      const res = await upload({ data: fake, name: 'roto.png', purpose: 'product', token: staff });
      expect(res.status).toBe(400);
      expectNothingStored();
    });

    it('refuses oversize files with the limit of their purpose', async () => {
      const big = Buffer.concat([await png(10, 10), Buffer.alloc(2 * 1024 * 1024 + 10)]);
      const brand = await upload({ data: big, name: 'logo.png', purpose: 'brand', token: staff });
      expect(brand.status).toBe(413);
      expect(brand.json.error).toBe('La imagen no debe superar los 2MB');
      const huge = Buffer.concat([await png(10, 10), Buffer.alloc(5 * 1024 * 1024 + 10)]);
      const warranty = await upload({ data: huge, name: 'foto.png', purpose: 'warranty', token: staff });
      expect(warranty.status).toBe(413);
      expect(warranty.json.error).toBe('La imagen no debe superar los 5MB');
      const product = await upload({ data: huge, name: 'foto.png', purpose: 'product', token: staff });
      expect(product.status).toBe(413);
      expectNothingStored();
    });

    it('refuses a decompression bomb', async () => {
      const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#000000' } })
        .png({ compressionLevel: 9 })
        .toBuffer();
      expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
      const res = await upload({ data: bomb, name: 'bomba.png', purpose: 'product', token: staff });
      expect(res.status).toBe(413);
      expectNothingStored();
    });

    it('refuses a missing file, an unknown purpose and a non-multipart body', async () => {
      const form = new FormData();
      form.append('purpose', 'product');
      const noFile = await fetch(`${server.url}/api/uploads/`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${staff}` },
      });
      expect(noFile.status).toBe(400);
      expect((await noFile.json()).error).toBe('Debes adjuntar una imagen');
      const badPurpose = await upload({ data: await png(10, 10), name: 'a.png', purpose: 'avatar', token: staff });
      expect(badPurpose.status).toBe(400);
      const json = await fetch(`${server.url}/api/uploads/`, {
        method: 'POST',
        body: '{}',
        headers: { authorization: `Bearer ${staff}`, 'content-type': 'application/json' },
      });
      expect(json.status).toBe(400);
      expectNothingStored();
    });

    it('lets only staff upload product and brand images', async () => {
      const image = await png(10, 10);
      expect((await upload({ data: image, name: 'a.png', purpose: 'product' })).status).toBe(401);
      expect((await upload({ data: image, name: 'a.png', purpose: 'brand', token: customer })).status).toBe(403);
      expectNothingStored();
    });
  });

  it('asks each purpose for the permission of what it is for', async () => {
    const image = await png(12, 12);
    const db = server.ctx.db;
    const [owner, catalog, warehouse, admin, settingsOnly, warrantyOnly] = await Promise.all([
      createStaffWithRole(db, 'owner'),
      createStaffWithRole(db, 'catalog'),
      createStaffWithRole(db, 'warehouse'),
      createStaffWithRole(db, 'admin'),
      createStaffWithRole(db, 'custom', ['can_manage_settings']),
      createStaffWithRole(db, 'custom', ['can_manage_warranty']),
    ]);
    const cases: [string, string, number][] = [
      // Product pictures and brand logos are the catalog's.
      ...[warehouse, admin, settingsOnly, warrantyOnly].flatMap((caller) =>
        ['product', 'brand'].map((purpose): [string, string, number] => [caller.token, purpose, 403]),
      ),
      [catalog.token, 'product', 201],
      [catalog.token, 'brand', 201],
      // The 'Data fiscal' picture of the settings is the settings'.
      [settingsOnly.token, 'settings', 201],
      [catalog.token, 'settings', 403],
      [admin.token, 'settings', 403],
      [customer, 'settings', 403],
      // Warranty photos come from anyone who files a claim.
      [warehouse.token, 'warranty', 201],
      [customer, 'warranty', 201],
      ...['product', 'brand', 'settings', 'warranty'].map((purpose): [string, string, number] => [owner.token, purpose, 201]),
    ];
    for (const [token, purpose, status] of cases) {
      const res = await upload({ data: image, name: 'a.png', purpose, token });
      expect(res.status, `${purpose}: ${JSON.stringify(res.json)}`).toBe(status);
      if (status === 403) expect(res.json.error).toBe('No tienes permisos para realizar esta acción');
      if (status === 201) expect(res.json.url).toMatch(new RegExp(`^/uploads/${purpose}/[0-9a-f]+-800\\.webp$`));
    }
    expect((await upload({ data: image, name: 'a.png', purpose: 'settings' })).status).toBe(401);
  });

  it('stores the same picture uploaded many times at once, and every answer serves it', async () => {
    const image = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 40, b: 90 } } })
      .png()
      .toBuffer();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => upload({ data: image, name: 'igual.png', purpose: 'product', token: staff })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((a) => a.json.url)).size).toBe(1);
    for (const answer of answers) {
      const served = await fetch(`${server.url}${answer.json.url}`);
      expect(served.status).toBe(200);
      expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 800, height: 533 });
    }
    // No temporary file is left behind.
    expect(storedFiles().filter((name) => !name.endsWith('.webp'))).toEqual([]);
  });

  it('limits uploads per staff account, apart from the guests of the same address', async () => {
    const busy = await createStaffWithRole(server.ctx.db, 'catalog');
    const other = await createStaffWithRole(server.ctx.db, 'catalog');
    const form = () => {
      const body = new FormData();
      body.append('purpose', 'product');
      return body;
    };
    // Every request counts, whatever it carries: a request without a file is the cheapest.
    const statuses: number[] = [];
    for (let i = 0; i < STAFF_UPLOADS_PER_WINDOW; i++) {
      const res = await fetch(`${server.url}/api/uploads/`, {
        method: 'POST',
        body: form(),
        headers: { authorization: `Bearer ${busy.token}` },
      });
      statuses.push(res.status);
    }
    expect(new Set(statuses)).toEqual(new Set([400]));
    const image = await png(8, 8);
    const limited = await upload({ data: image, name: 'p.png', purpose: 'product', token: busy.token });
    expect(limited.status).toBe(429);
    expect(limited.json.error).toMatch(/Demasiadas imágenes/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account, and a guest from the same address, still upload.
    expect((await upload({ data: image, name: 'p.png', purpose: 'product', token: other.token })).status).toBe(201);
    expect((await upload({ data: image, name: 'w.png', purpose: 'warranty' })).status).toBe(201);
  });

  it('limits guest uploads per IP', async () => {
    const image = await png(8, 8);
    // Earlier guest uploads in this file count too; fill the window.
    let status = 201;
    for (let i = 0; i < GUEST_UPLOADS_PER_WINDOW + 1 && status !== 429; i++) {
      status = (await upload({ data: image, name: 'g.png', purpose: 'warranty' })).status;
    }
    const res = await upload({ data: image, name: 'g.png', purpose: 'warranty', token: customer });
    expect(res.status).toBe(429);
    expect(res.json.error).toMatch(/Demasiadas imágenes/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Staff count per account, apart from the guests.
    expect((await upload({ data: image, name: 'g.png', purpose: 'product', token: staff })).status).toBe(201);
  });
});
