// Builds the web app and the server when dist/ is missing or older than the sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const outputs = ['dist/web/index.html', 'dist/web-ssr/entry-server.js', 'dist/server/main.js'].map((p) => path.join(root, p));

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sourcesChanged = () => {
  const oldestOutput = Math.min(...outputs.map((p) => statSync(p).mtimeMs));
  const inputs = [path.join(root, 'src'), path.join(root, 'drizzle')].map(newestMtime);
  const configs = ['package.json', 'vite.config.ts'].map((f) => statSync(path.join(root, f)).mtimeMs);
  return Math.max(...inputs, ...configs) > oldestOutput;
};

if (!outputs.every(existsSync) || sourcesChanged()) {
  console.log('Compilando la tienda...');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
