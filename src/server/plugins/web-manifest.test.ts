// The built files of the entry and of each page, read from Vite's manifest.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtFiles, readManifest, type ViteManifest } from './web-manifest';

// The entry imports the runtime through a shared chunk; the home page imports the entry, the
// shared chunk and a chunk of its own that brings a stylesheet.
const MANIFEST: ViteManifest = {
  'index.html': {
    file: 'assets/index-A1.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_query-B2.js', '_react-C3.js'],
    dynamicImports: ['features/home/HomePage.tsx'],
    css: ['assets/index-D4.css'],
  },
  '_query-B2.js': { file: 'assets/query-B2.js', imports: ['_react-C3.js'] },
  '_react-C3.js': { file: 'assets/react-C3.js' },
  'features/home/HomePage.tsx': {
    file: 'assets/HomePage-E5.js',
    src: 'features/home/HomePage.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_react-C3.js', '_carousel-F6.js'],
    css: ['assets/index-D4.css'],
  },
  '_carousel-F6.js': { file: 'assets/carousel-F6.js', imports: ['_react-C3.js', '_dots-G7.js'], css: ['assets/carousel-H8.css'] },
  '_dots-G7.js': { file: 'assets/dots-G7.js' },
};

describe('builtFiles', () => {
  it("lists the entry's script, its imports with each chunk after what it imports, and its stylesheet", () => {
    expect(builtFiles(MANIFEST).entry).toEqual({
      script: '/assets/index-A1.js',
      imports: ['/assets/react-C3.js', '/assets/query-B2.js'],
      css: ['/assets/index-D4.css'],
    });
  });

  it("lists a page's chunk after the chunks it imports, leaving out the entry's, and only the stylesheets the entry lacks", () => {
    expect(builtFiles(MANIFEST).page('features/home/HomePage.tsx')).toEqual({
      scripts: ['/assets/dots-G7.js', '/assets/carousel-F6.js', '/assets/HomePage-E5.js'],
      css: ['/assets/carousel-H8.css'],
    });
  });

  it('gives nothing for a module the build does not have', () => {
    expect(builtFiles(MANIFEST).page('features/none/NonePage.tsx')).toEqual({ scripts: [], css: [] });
  });

  it('refuses a manifest without the entry', () => {
    expect(() => builtFiles({ '_react-C3.js': { file: 'assets/react-C3.js' } })).toThrow('index.html');
  });
});

describe('readManifest', () => {
  it("reads the build's .vite/manifest.json, and null when the build has none", () => {
    const webRoot = mkdtempSync(path.join(tmpdir(), 'manifest-'));
    try {
      expect(readManifest(webRoot)).toBeNull();
      mkdirSync(path.join(webRoot, '.vite'));
      writeFileSync(path.join(webRoot, '.vite/manifest.json'), JSON.stringify(MANIFEST));
      expect(readManifest(webRoot)).toEqual(MANIFEST);
    } finally {
      rmSync(webRoot, { recursive: true, force: true });
    }
  });
});
