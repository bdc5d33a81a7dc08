// Builds the web app and the server when dist/ is missing or older than the sources. A production
// install (`npm install --omit=dev`) has no build tools: it runs the build it was given.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const outputs = ['dist/web/index.html', 'dist/web-ssr/entry-server.js', 'dist/server/main.js'].map((p) => path.join(root, p));

function newestMtime(dir) {
  if (!existsSync(dir)) return 0;
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
  const configs = ['package.json', 'vite.config.ts']
    .filter((f) => existsSync(path.join(root, f)))
    .map((f) => statSync(path.join(root, f)).mtimeMs);
  return Math.max(...inputs, ...configs) > oldestOutput;
};

function hasBuildTools() {
  try {
    createRequire(path.join(root, 'package.json')).resolve('vite');
    return true;
  } catch {
    return false;
  }
}

const built = outputs.every(existsSync);
if (!hasBuildTools()) {
  if (!built) {
    console.error(
      'Falta la tienda compilada (dist/) y esta instalación no tiene las herramientas para compilarla: ejecutá `npm install` (con las dependencias de desarrollo) y `npm run build`.',
    );
    process.exit(1);
  }
} else if (!built || sourcesChanged()) {
  console.log('Compilando la tienda...');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
