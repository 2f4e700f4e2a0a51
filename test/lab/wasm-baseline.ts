/**
 * Imported first by the test files that load SQLite's WebAssembly in their
 * own process: V8's baseline compiler only, as the lab's sink child does
 * (src/lab/sink/sink-main.ts), instead of a second, optimising compile of
 * 1.2 MB on background threads (~0.5 s of CPU) for a few queries. Wasm
 * flags are read when a module compiles, so this must run before
 * node-sqlite3-wasm loads: an import placed above theirs does.
 */
import { setFlagsFromString } from 'node:v8';

export const WASM_BASELINE_FLAG = '--liftoff-only';

setFlagsFromString(WASM_BASELINE_FLAG);
