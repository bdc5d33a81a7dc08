// Backups take the images from the upload store and give them back to it; a backup whose
// uploads/ holds names the shop never writes (`..`, absolute paths) restores its data and its
// real images and reports the rest, writing nothing outside the store.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPglite } from '../../../../tests/helpers/database';
import { createProduct } from '../../../../tests/helpers/factories';
import { DiskStorage, type Storage } from '../../storage';
import { restoreBackup, writeBackup } from './service';
import { createTarGz, readTarGz } from './tar';

let work: string;
beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'backup-store-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('backup and restore through the upload store', () => {
  it('restores the real images and reports hostile names without writing them', { timeout: 90_000 }, async () => {
    const source: Storage = new DiskStorage(path.join(work, 'source', 'uploads'));
    await source.put('product/kush-800.webp', Buffer.from('kush'), 'image/webp');
    const database = await createTestPglite();
    let backup: string;
    try {
      await createProduct(database.db, { name: 'Kush' });
      backup = (await writeBackup(database, { uploads: source, outDir: path.join(work, 'backups') })).file;
    } finally {
      await database.close();
    }

    // The same backup with names a tampered or foreign archive could carry.
    const tampered = path.join(work, 'tampered.tar.gz');
    const tar = createTarGz(tampered);
    for await (const entry of readTarGz(backup)) await tar.add(entry.name, entry.data);
    for (const name of ['uploads/../../escape.webp', 'uploads//etc/escape.webp', 'uploads/product/Upper_Case.webp'])
      await tar.add(name, 'x');
    await tar.close();

    const target = path.join(work, 'target');
    const uploads = new DiskStorage(path.join(target, 'uploads'));
    const result = await restoreBackup(tampered, { dataDir: target, uploads, force: false });
    expect(result.uploads).toBe(1);
    expect(result.skipped).toEqual(['uploads/../../escape.webp', 'uploads//etc/escape.webp', 'uploads/product/Upper_Case.webp']);
    expect(readFileSync(path.join(target, 'uploads', 'product', 'kush-800.webp')).toString()).toBe('kush');
    expect(existsSync(path.join(work, 'escape.webp'))).toBe(false);
    expect(readdirSync(path.join(target, 'uploads'), { recursive: true })).toEqual(['product', path.join('product', 'kush-800.webp')]);
  });
});
