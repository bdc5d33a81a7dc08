// Build step: V8 compiles a function the first time it is called, on the main thread. The first
// hydration calls most of the runtime, the router and the frame's code for the first time, and at
// 4× CPU that compiling was about half of its task. A file that starts with the comment below is
// compiled whole while it downloads, on a background thread (V8's explicit compile hints, Chromium
// 136 and later; to other engines it is a comment). Only the modules of the first views a customer
// lands on carry it: compiling code that may never run costs memory and time too.
import type { Plugin } from 'vite';
import { landingPages } from '../pages';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The modules of the pages whose first view is usually the first one (the route table, pages.ts). */
const landingModules = () => landingPages().map((page) => `/${page.module}`);

interface ChunkLike {
  type: 'chunk';
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  code: string;
}

interface AssetLike {
  type: 'asset';
  source: string | Uint8Array;
}

/** File names of the entry's chunk, the landing pages' chunks and everything they import statically. */
function landingChunks(bundle: Record<string, ChunkLike | AssetLike>): Set<string> {
  const chunks = new Map(Object.entries(bundle).filter((e): e is [string, ChunkLike] => e[1].type === 'chunk'));
  const found = new Set<string>();
  const landing = landingModules();
  const visit = (fileName: string) => {
    if (found.has(fileName) || !chunks.has(fileName)) return;
    found.add(fileName);
    chunks.get(fileName)!.imports.forEach(visit);
  };
  for (const [fileName, chunk] of chunks) {
    const id = chunk.facadeModuleId ?? '';
    if (chunk.isEntry || landing.some((module) => id.endsWith(module))) visit(fileName);
  }
  return found;
}

export function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    generateBundle: {
      // After the bundler's own last changes (Vite puts its list of preloads at the top of a chunk):
      // the comment counts only as the file's first line.
      order: 'post',
      handler(_options, bundle) {
        const output = bundle as unknown as Record<string, ChunkLike | AssetLike>;
        for (const fileName of landingChunks(output)) {
          const chunk = output[fileName] as ChunkLike;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          // One line more at the top: the source map's lines move down by one (the bundler has
          // already written the map out as a file of its own).
          const map = output[`${fileName}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const parsed = JSON.parse(map.source) as { mappings: string };
            map.source = JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` });
          }
        }
      },
    },
  };
}
