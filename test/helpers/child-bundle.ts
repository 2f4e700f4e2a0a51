/**
 * Real processes running the real code: bundles a small TypeScript driver
 * (test/fixtures/children/*.ts, importing src/ directly) into one .mjs with
 * esbuild, once per test file, so a test can start several of them, kill
 * them at random moments, and check what they left on disk.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { buildSync } from 'esbuild';

export const fixturesDir = join(import.meta.dirname, '..', 'fixtures', 'children');

/** Bundles `test/fixtures/children/<name>.ts`; returns the path of the .mjs to run with node. */
export function bundleChild(name: string): string {
  // Inside the suite's FENCE_TUTOR_HOME, which the global teardown removes.
  const out = join(mkdtempSync(join(process.env.FENCE_TUTOR_HOME ?? tmpdir(), 'child-')), `${basename(name)}.mjs`);
  buildSync({
    entryPoints: [join(fixturesDir, `${name}.ts`)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: out,
    logLevel: 'error',
    // Dependencies that are CommonJS need a require in an ESM bundle.
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  return out;
}

export interface ChildResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunningChild {
  pid: number;
  done: Promise<ChildResult>;
  kill: (s: NodeJS.Signals) => void;
  /** Its stdout so far. */
  output: () => string;
}

export function runChild(script: string, args: string[], env: NodeJS.ProcessEnv = {}): RunningChild {
  const child = spawn(process.execPath, [script, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const done = new Promise<ChildResult>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { pid: child.pid!, done, kill: (s) => child.kill(s), output: () => stdout };
}
