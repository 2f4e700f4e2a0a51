/**
 * WebAssembly on V8's baseline compiler (Liftoff) only, no optimising tier-up.
 *
 * Two WebAssembly modules run here: Ink's layout engine (Yoga) in every
 * screen, and SQLite (1.2 MB) in the lab's and the exercises' sinks. Node 20
 * compiles a module with Liftoff, then recompiles its hot functions with
 * TurboFan on background threads. For a few layouts per frame, or a few
 * dozen small queries per run, that second compile buys nothing and costs:
 * about 0.5 s of CPU per SQLite sink, and 4-6 MB of a screen's idle peak
 * (compiler memory; `lesson 4` 87 -> 83 MB, home 83 -> 77 MB, measured in a
 * 100x30 pty). Call it before the module is compiled: wasm flags are read
 * at compile time. A V8 that no longer knows the flag ignores it.
 * Kept (issue 32, goals: no screen above 84 MB, first frames <= 3.0x): off,
 * the screens held 0.4-6 MB more (home 76 -> 82 MB) and in one of two
 * side-by-side runs every first frame was slower (docs/performance.md).
 */
export async function compileWasmWithBaselineOnly(): Promise<void> {
  // Imported here, not at the top: node:v8 loads node:stream, which the plain
  // and JSON commands' start-up does without (test/build/startup-modules).
  const { setFlagsFromString } = await import('node:v8');
  setFlagsFromString('--liftoff-only');
}
