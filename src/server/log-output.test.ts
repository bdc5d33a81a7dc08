import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { logOptions, prettyPrinter } from './log-output';

const installed = () => '/shop/node_modules/pino-pretty/index.js';
const missing = () => null;

describe('logOptions', () => {
  it('prints readable lines through pino-pretty when stdout is a terminal', () => {
    const options = logOptions('info', { isTTY: true, printer: installed });
    expect(options.level).toBe('info');
    expect(options.transport).toMatchObject({ target: '/shop/node_modules/pino-pretty/index.js' });
  });

  it('writes JSON lines when stdout is a pipe or a file', () => {
    expect(logOptions('warn', { isTTY: false, printer: installed })).toEqual({ level: 'warn' });
    expect(logOptions('warn', { isTTY: undefined, printer: installed })).toEqual({ level: 'warn' });
  });

  it('writes JSON lines on a terminal when pino-pretty is not installed (a production install)', () => {
    expect(logOptions('info', { isTTY: true, printer: missing })).toEqual({ level: 'info' });
  });

  it('finds pino-pretty in a development install, and answers null where it cannot be resolved', () => {
    expect(prettyPrinter()).toMatch(/pino-pretty/);
    expect(
      prettyPrinter(() => {
        throw new Error('Cannot find module');
      }),
    ).toBeNull();
  });

  it('gives a process whose stdout is a pipe JSON lines', () => {
    const script = `import { pino } from 'pino'; import { logOptions } from './src/server/log-output.ts'; pino(logOptions('info')).info('hola');`;
    // tsx loads the TypeScript module on every Node.js line CI runs.
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout.trim())).toMatchObject({ level: 30, msg: 'hola' });
  });
});
