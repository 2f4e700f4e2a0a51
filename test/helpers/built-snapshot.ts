/**
 * A package root of the test's own with the build's content snapshot in it,
 * made in process with the functions the build runs (makeBuiltFiles and
 * writeBuiltFiles, src/cli/fast-outputs-make.ts), so the fast command path
 * and the snapshot readers run from src/ with no dist/ (the quick tier).
 * Every top-level entry of the checkout but dist/ is a symlink, so the
 * shipped files the snapshot is checked against are the real ones.
 *
 * The test file points packageRoot() at it:
 *   vi.mock('../../src/platform/package-root.js', async (original) => snapshotRootModule(await original()));
 *   beforeAll(snapshotRoot);
 *   afterAll(forgetSnapshotRoot);
 */
import { mkdirSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './build-once.js';

/** Kept on globalThis: runCliInProcess loads modules afresh (vi.resetModules), this one too, and the root is the file's. */
const shared = globalThis as { __fenceSnapshotRoot?: string };

/** The snapshot root, made once per test file (the first call). */
export async function snapshotRoot(): Promise<string> {
  if (shared.__fenceSnapshotRoot) return shared.__fenceSnapshotRoot;
  // Inside the suite's FENCE_TUTOR_HOME when there is one, which the global teardown removes.
  const dir = mkdtempSync(join(process.env.FENCE_TUTOR_HOME ?? tmpdir(), 'snapshot-root-'));
  for (const entry of readdirSync(root)) if (entry !== 'dist' && entry !== '.git') symlinkSync(join(root, entry), join(dir, entry));
  mkdirSync(join(dir, 'dist'));
  const { makeBuiltFiles, writeBuiltFiles } = await import('../../src/cli/fast-outputs-make.js');
  writeBuiltFiles(join(dir, 'dist'), makeBuiltFiles(root));
  shared.__fenceSnapshotRoot = dir;
  return dir;
}

type PackageRoot = typeof import('../../src/platform/package-root.js');

/** package-root.ts with packageRoot() and shippedDir() at the snapshot root once made (the checkout until then: the same files). */
export function snapshotRootModule(original: PackageRoot): PackageRoot {
  const at = () => shared.__fenceSnapshotRoot ?? root;
  return { ...original, packageRoot: at, shippedDir: (kind) => join(at(), kind) };
}

/** The next file (a worker runs file after file) makes its own. */
export function forgetSnapshotRoot(): void {
  delete shared.__fenceSnapshotRoot;
}
