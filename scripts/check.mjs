// `npm run check`: typecheck, lint, format check, the unused-code check (knip, configured in
// knip.json: files, exports and dependencies nothing uses) and the areas' import graph (no circle
// between areas, scripts/areas.mjs) at the same time (ESLint and Prettier
// use one core each, tsc several), each one's output printed whole once it ends, in a fixed
// order, and a failure of any of them fails the check.
import { spawn } from 'node:child_process';

const CHECKS = ['typecheck', 'lint', 'format:check', 'unused', 'areas'];

function run(script) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ script, code, output, seconds: (Date.now() - started) / 1000 }));
  });
}

const results = await Promise.all(CHECKS.map(run));
for (const { script, code, output, seconds } of results) {
  console.log(`== ${script}: ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${seconds.toFixed(1)} s`);
  if (output.trim()) console.log(output.trimEnd());
}
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
