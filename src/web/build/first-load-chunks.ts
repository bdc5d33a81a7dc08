// Build step: how the browser's code is cut into files. A phone on a slow connection fetches each
// file over one of the six connections a browser opens to a server, each file after a round trip
// (over half a second on Slow 4G): thirteen small shared chunks took three rounds of round trips
// before the page answered a tap. So everything a landing page's first load needs, past React,
// is one file: the entry's modules and the landing pages' imports ('storefront'). React, which
// changes least, stays a file of its own that a returning visitor has cached; each page keeps its
// own chunk, and every other page and the back office load theirs when visited.
import path from 'node:path';

/** What the bundler tells of a module (Rollup's and Rolldown's `getModuleInfo`, as far as used here). */
interface ModuleInfo {
  importedIds: readonly string[];
}

type ModuleInfoOf = (id: string) => ModuleInfo | null;

const REACT = /node_modules\/(react|react-dom|scheduler)\//;
/** Scripts only: a stylesheet stays with the chunk that imports it, where the manifest lists it. */
const SCRIPT = /\.(?:[cm]?js|tsx?)$/;

/**
 * The modules reached from `starts` by static imports (the code that runs before anything is
 * fetched later), the starts themselves included.
 */
export function staticallyReached(starts: string[], infoOf: ModuleInfoOf): Set<string> {
  const reached = new Set<string>();
  const queue = [...starts];
  while (queue.length) {
    const id = queue.pop()!;
    if (reached.has(id)) continue;
    reached.add(id);
    queue.push(...(infoOf(id)?.importedIds ?? []));
  }
  return reached;
}

/**
 * The chunk of each module (the bundler's `manualChunks`): 'react' for React, 'storefront' for a
 * script the entry or a landing page reaches statically, except the entry's and the landing
 * pages' own modules, which stay their chunks. `webRoot` is where `entry` and `landingModules` are.
 */
export function firstLoadChunks(webRoot: string, entry: string, landingModules: string[]) {
  const entryModule = path.resolve(webRoot, entry);
  const pages = landingModules.map((module) => path.resolve(webRoot, module));
  const ownChunks = [entryModule, ...pages];
  let storefront: Set<string> | null = null;
  return (id: string, meta: { getModuleInfo: ModuleInfoOf }): string | undefined => {
    if (REACT.test(id)) return 'react';
    storefront ??= staticallyReached(ownChunks, meta.getModuleInfo);
    if (!SCRIPT.test(id.split('?')[0]) || ownChunks.includes(id) || !storefront.has(id)) return undefined;
    return 'storefront';
  };
}
