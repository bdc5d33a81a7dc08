// Compares the code two layouts of the test runs reach: each side is one or more Vitest v8
// coverage files (coverage-final.json), merged, then lines and branches per source file.
//   node scripts/coverage-compare.mjs old1.json,old2.json new1.json,new2.json,new3.json
// Prints both totals and every file whose lines or branches differ; exits 1 when the new side
// reaches less than the old on any file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import libCoverage from 'istanbul-lib-coverage';

function merged(list) {
  const map = libCoverage.createCoverageMap({});
  for (const file of list.split(',')) map.merge(JSON.parse(readFileSync(file, 'utf8')));
  return map;
}

function perFile(map) {
  const files = new Map();
  for (const file of map.files()) {
    const summary = map.fileCoverageFor(file).toSummary();
    // Keyed from src/ on, so runs made in different checkouts compare.
    const key = file.includes('/src/') ? file.slice(file.indexOf('/src/') + 1) : path.relative(process.cwd(), file);
    files.set(key, { lines: summary.lines, branches: summary.branches });
  }
  return files;
}

function total(files) {
  const sum = { lines: { covered: 0, total: 0 }, branches: { covered: 0, total: 0 } };
  for (const { lines, branches } of files.values()) {
    sum.lines.covered += lines.covered;
    sum.lines.total += lines.total;
    sum.branches.covered += branches.covered;
    sum.branches.total += branches.total;
  }
  return sum;
}

const figure = ({ covered, total: all }) => `${covered}/${all} (${all ? ((100 * covered) / all).toFixed(2) : '100.00'} %)`;

const [oldList, newList] = process.argv.slice(2);
if (!oldList || !newList) {
  console.error('usage: node scripts/coverage-compare.mjs old1.json[,old2.json…] new1.json[,new2.json…]');
  process.exit(2);
}
const before = perFile(merged(oldList));
const after = perFile(merged(newList));
const oldTotal = total(before);
const newTotal = total(after);
console.log(`old layout: lines ${figure(oldTotal.lines)}, branches ${figure(oldTotal.branches)}, ${before.size} files`);
console.log(`new layout: lines ${figure(newTotal.lines)}, branches ${figure(newTotal.branches)}, ${after.size} files`);

let lower = 0;
for (const file of [...new Set([...before.keys(), ...after.keys()])].sort()) {
  const a = before.get(file);
  const b = after.get(file);
  const same = a && b && a.lines.covered === b.lines.covered && a.branches.covered === b.branches.covered;
  if (same) continue;
  const worse = !b || (a && (b.lines.covered < a.lines.covered || b.branches.covered < a.branches.covered));
  if (worse) lower++;
  console.log(
    `${worse ? 'LOWER ' : 'higher'} ${file}: lines ${a ? figure(a.lines) : '-'} → ${b ? figure(b.lines) : '-'}, branches ${a ? figure(a.branches) : '-'} → ${b ? figure(b.branches) : '-'}`,
  );
}
console.log(lower ? `${lower} files reached less in the new layout` : 'no file reached less in the new layout');
process.exit(lower ? 1 : 0);
