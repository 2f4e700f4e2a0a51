// Types for scripts/build-patches.mjs, for test/build/build-patches.test.ts.
import type { OnLoadResult, Plugin } from 'esbuild';
export interface PatchedPackage {
  dir: string;
  file: string;
  version: string;
}
export interface BuildPatch {
  name: string;
  why: string;
  filter: RegExp;
  skip?: RegExp;
  packages: PatchedPackage[];
  apply: (source: string) => string;
}
export const PATCHES: BuildPatch[];
export function patchOrFail(patch: BuildPatch, source: string, path: string): OnLoadResult;
export function patchPlugin(name: string): Plugin;
