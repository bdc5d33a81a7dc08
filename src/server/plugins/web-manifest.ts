// The built storefront's files as Vite's manifest lists them (dist/web/.vite/manifest.json, the
// build's `manifest` option): the entry script with the chunks it imports and its stylesheets, and
// for each page module of the route table (web/pages.ts) its chunk, the chunks it imports besides
// the entry's and its own stylesheets. Nothing here reads a file name's shape.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One entry of Vite's manifest, keyed by source path (from src/web) or `_<file>` for shared chunks. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type ViteManifest = Record<string, ManifestChunk>;

export const MANIFEST_FILE = '.vite/manifest.json';
/** The manifest's key of the app's entry: its HTML page. */
const ENTRY_KEY = 'index.html';

export interface EntryFiles {
  /** URL of the entry script. */
  script: string;
  /** URLs of the chunks it imports statically, in the order the browser needs them (dependencies first). */
  imports: string[];
  /** URLs of its stylesheets. */
  css: string[];
}

export interface PageFiles {
  /** URLs of the page's chunk and the chunks it imports statically that the entry does not, dependencies first. */
  scripts: string[];
  /** URLs of the stylesheets these chunks bring that the entry does not. */
  css: string[];
}

export interface BuiltFiles {
  entry: EntryFiles;
  /** The files of the page module `module` (its path from src/web); none when the build has no such module. */
  page(module: string): PageFiles;
}

export function readManifest(webRoot: string): ViteManifest | null {
  const file = path.join(webRoot, MANIFEST_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ViteManifest) : null;
}

const url = (file: string) => `/${file}`;

/**
 * The chunks `key` imports statically, each before the chunks that import it, as Vite orders the
 * module preloads of the built index.html; `seen` is shared so that each chunk comes once.
 */
function importedChunks(manifest: ViteManifest, key: string, seen: Set<string>): string[] {
  const found: string[] = [];
  for (const imported of manifest[key]?.imports ?? []) {
    if (seen.has(imported) || !manifest[imported]) continue;
    seen.add(imported);
    found.push(...importedChunks(manifest, imported, seen), imported);
  }
  return found;
}

const cssOf = (manifest: ViteManifest, keys: string[]) => [...new Set(keys.flatMap((key) => manifest[key]?.css ?? []))];

export function builtFiles(manifest: ViteManifest): BuiltFiles {
  const entryChunk = manifest[ENTRY_KEY];
  if (!entryChunk) throw new Error(`The web manifest has no ${ENTRY_KEY}`);
  const entryKeys = importedChunks(manifest, ENTRY_KEY, new Set([ENTRY_KEY]));
  const entryCss = cssOf(manifest, [ENTRY_KEY, ...entryKeys]);
  const entry: EntryFiles = {
    script: url(entryChunk.file),
    imports: entryKeys.map((key) => url(manifest[key].file)),
    css: entryCss.map(url),
  };
  const pages = new Map<string, PageFiles>();
  return {
    entry,
    page(module) {
      let files = pages.get(module);
      if (!files) {
        const keys = manifest[module] ? [...importedChunks(manifest, module, new Set([ENTRY_KEY, module, ...entryKeys])), module] : [];
        files = {
          scripts: keys.map((key) => url(manifest[key].file)),
          css: cssOf(manifest, keys)
            .filter((file) => !entryCss.includes(file))
            .map(url),
        };
        pages.set(module, files);
      }
      return files;
    },
  };
}
