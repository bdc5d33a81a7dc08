import { describe, expect, it } from 'vitest';
import { imageSrcSet, thumbImage, thumbSrcSet } from './images';

describe('image variants', () => {
  const stored = '/uploads/brand/logo-800.webp';

  it('offers the small widths of a stored picture', () => {
    expect(thumbSrcSet(stored)).toBe('/uploads/brand/logo-120.webp 120w, /uploads/brand/logo-240.webp 240w');
    expect(thumbImage(stored)).toBe('/uploads/brand/logo-240.webp');
    expect(imageSrcSet(stored)).toBe('/uploads/brand/logo-400.webp 400w, /uploads/brand/logo-800.webp 800w');
  });

  it('leaves a picture that is not the shop’s own as it is', () => {
    expect(thumbSrcSet('https://example.com/logo.png')).toBeUndefined();
    expect(thumbSrcSet(null)).toBeUndefined();
    expect(imageSrcSet('https://example.com/logo.png')).toBeUndefined();
    expect(thumbImage('https://example.com/logo.png')).toBe('https://example.com/logo.png');
  });
});
