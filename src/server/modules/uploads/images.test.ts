import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { backfillImageWidths, ImageDecodeError, sniffImage, toWebpVariants } from './images';
import { DiskStorage } from '../../storage';

describe('sniffImage', () => {
  it('recognises JPEG, PNG and WebP by their first bytes only', async () => {
    const base = sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } });
    expect(sniffImage(await base.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImage(await base.clone().png().toBuffer())).toBe('png');
    expect(sniffImage(await base.clone().webp().toBuffer())).toBe('webp');
    expect(sniffImage(await base.clone().gif().toBuffer())).toBeNull();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(Buffer.from('RIFF....WAVEfmt '))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
  });
});

describe('toWebpVariants', () => {
  it('makes 120, 240, 400 and 800 px WebP variants keeping the aspect ratio', async () => {
    const input = await sharp({ create: { width: 1000, height: 2000, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const variants = await toWebpVariants(input);
    expect(variants.map((v) => [v.size, v.width, v.height])).toEqual([
      [120, 60, 120],
      [240, 120, 240],
      [400, 200, 400],
      [800, 400, 800],
    ]);
    for (const v of variants) expect((await sharp(v.data).metadata()).format).toBe('webp');
  });

  it('throws ImageDecodeError for content that does not decode', async () => {
    await expect(toWebpVariants(Buffer.from('not an image'))).rejects.toBeInstanceOf(ImageDecodeError);
  });
});

describe('backfillImageWidths', () => {
  it('adds the widths a stored picture lacks, from its 800 px file, and leaves the rest alone', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'backfill-'));
    try {
      mkdirSync(path.join(dir, 'brand'));
      const [, , small, large] = await toWebpVariants(
        await sharp({ create: { width: 900, height: 600, channels: 3, background: '#a00' } })
          .png()
          .toBuffer(),
      );
      writeFileSync(path.join(dir, 'brand/logo-400.webp'), small.data);
      writeFileSync(path.join(dir, 'brand/logo-800.webp'), large.data);
      writeFileSync(path.join(dir, 'notes.txt'), 'not a picture');

      expect(await backfillImageWidths(new DiskStorage(dir))).toBe(2);
      const thumb = await sharp(readFileSync(path.join(dir, 'brand/logo-240.webp'))).metadata();
      expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 240, 160]);
      const smallest = await sharp(readFileSync(path.join(dir, 'brand/logo-120.webp'))).metadata();
      expect([smallest.format, smallest.width, smallest.height]).toEqual(['webp', 120, 80]);
      expect(readFileSync(path.join(dir, 'brand/logo-400.webp'))).toEqual(small.data);
      expect(await backfillImageWidths(new DiskStorage(dir))).toBe(0);
      expect(await backfillImageWidths(new DiskStorage(path.join(dir, 'missing')))).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
