// `npm run areas`: the import graph between the server's areas (the folders of
// src/server/modules), read from the source, printed from the ground floor up; a circle between
// areas (a → b → … → a, even when no file circle exists), or a lower layer of src/server that
// imports an area, fails it. Part of `npm run check`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// `--root DIR` reads another tree laid out the same way (the tests' fixtures).
const rootAt = process.argv.indexOf('--root');
const ROOT = rootAt > 0 ? path.resolve(process.argv[rootAt + 1]) : fileURLToPath(new URL('..', import.meta.url));
const MODULES = 'src/server/modules';

/** Folders and files of src/server that areas stand on: none of them imports an area. */
const LOWER_LAYERS = [
  'src/server/cache',
  'src/server/counters',
  'src/server/db',
  'src/server/operations',
  'src/server/plugins',
  'src/server/security',
  'src/server/shared',
  'src/server/caches.ts',
  'src/server/config.ts',
  'src/server/context.ts',
  'src/server/errors.ts',
  'src/server/http.ts',
  'src/server/rate-limits.ts',
  'src/server/storage.ts',
];

/**
 * Circles allowed for now, each with why (the same reach-ins as AREA_REACH_INS in
 * eslint.config.js). None: keep it so.
 */
const KNOWN_CIRCLES = [];

const SPECIFIERS = [
  /\b(?:import|export)\s+(?:type\s+)?[\w*\s{},$]*?\s*from\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/** The relative module specifiers a source imports or re-exports (type-only ones included). */
function importsOf(source) {
  const found = [];
  for (const pattern of SPECIFIERS) {
    for (const match of source.matchAll(pattern)) if (match[1].startsWith('.')) found.push(match[1]);
  }
  return found;
}

function sourceFiles(dir) {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

/** The area a repository path lies in, or undefined outside src/server/modules/<area>/. */
function areaOf(file) {
  const parts = file.split('/');
  return parts.slice(0, 3).join('/') === MODULES && parts.length > 4 ? parts[3] : undefined;
}

/** Area → the areas it imports, each with the files that do it ("file → imported"). */
function areaGraph(files, read) {
  const graph = new Map();
  for (const file of files) {
    const from = areaOf(file);
    if (from && !graph.has(from)) graph.set(from, new Map());
    for (const specifier of importsOf(read(file))) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      const to = areaOf(`${target}/x`) ?? areaOf(target);
      if (!from || !to || to === from) continue;
      const edges = graph.get(from);
      if (!edges.has(to)) edges.set(to, []);
      edges.get(to).push(`${file} → ${target}`);
    }
  }
  return graph;
}

/** Every circle of the graph once, as the list of its areas (smallest first, in import order). */
function circles(graph) {
  const found = new Map();
  const walk = (start, at, trail) => {
    for (const next of graph.get(at)?.keys() ?? []) {
      if (next === start) {
        const key = [...trail].sort().join(',');
        if (!found.has(key)) found.set(key, [...trail]);
      } else if (next > start && !trail.includes(next)) walk(start, next, [...trail, next]);
    }
  };
  for (const start of [...graph.keys()].sort()) walk(start, start, [start]);
  return [...found.values()].sort((a, b) => a.length - b.length);
}

/** Floors from the ground up: an area stands one floor above the highest area it imports. */
function floors(graph) {
  const floor = new Map();
  const of = (area, seen = new Set()) => {
    if (floor.has(area)) return floor.get(area);
    if (seen.has(area)) return 0;
    seen.add(area);
    const below = [...(graph.get(area)?.keys() ?? [])].map((to) => of(to, seen));
    const value = below.length ? Math.max(...below) + 1 : 1;
    floor.set(area, value);
    return value;
  };
  for (const area of graph.keys()) of(area);
  return floor;
}

/** Imports of an area by a lower layer ("file → imported"). */
function layerBreaches(files, read) {
  const lower = (file) => LOWER_LAYERS.some((layer) => file === layer || file.startsWith(`${layer}/`) || file.startsWith(`${layer}.`));
  return files.filter(lower).flatMap((file) =>
    importsOf(read(file))
      .map((specifier) => path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)))
      .filter((target) => target.startsWith(`${MODULES}/`))
      .map((target) => `${file} → ${target}`),
  );
}

const files = sourceFiles('src/server');
const read = (file) => readFileSync(path.join(ROOT, file), 'utf8');
const graph = areaGraph(files, read);
const floor = floors(graph);
const byFloor = [...graph.keys()].sort((a, b) => floor.get(a) - floor.get(b) || a.localeCompare(b));
for (const area of byFloor) {
  const uses = [...graph.get(area).keys()].sort();
  console.log(`floor ${floor.get(area)}  ${area}${uses.length ? ` → ${uses.join(', ')}` : ''}`);
}
const known = (circle) => KNOWN_CIRCLES.some((k) => k.length === circle.length && k.every((area) => circle.includes(area)));
const all = circles(graph);
for (const circle of all.filter(known)) console.log(`\nallowed for now: ${[...circle, circle[0]].join(' → ')}`);
const found = all.filter((circle) => !known(circle));
for (const circle of found) {
  console.error(`\ncircle between areas: ${[...circle, circle[0]].join(' → ')}`);
  circle.forEach((area, i) => {
    for (const line of graph.get(area).get(circle[(i + 1) % circle.length])) console.error(`  ${line}`);
  });
}
const breaches = layerBreaches(files, read);
if (breaches.length) console.error(`\na lower layer imports an area:\n  ${breaches.join('\n  ')}`);
process.exit(found.length || breaches.length ? 1 : 0);
