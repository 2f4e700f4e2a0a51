/**
 * The one way the CLI reaches the Ink app: WebAssembly goes on V8's baseline
 * compiler first (platform/wasm-baseline.ts), since Ink's layout engine
 * compiles its module as it loads, and a flag set after that does nothing.
 * Plain and JSON commands never come here, so they never load node:v8.
 *
 * Keys typed from here on are kept for the app, not echoed (platform/early-keys.ts):
 * loading the app is most of the time before its first frame.
 */
import { holdEarlyKeys, releaseEarlyKeys } from '../platform/early-keys.js';
import { compileWasmWithBaselineOnly } from '../platform/wasm-baseline.js';

export async function loadRunApp(): Promise<typeof import('../ui/run-app.js')> {
  holdEarlyKeys();
  try {
    await compileWasmWithBaselineOnly();
    return await import('../ui/run-app.js');
  } catch (err) {
    releaseEarlyKeys();
    throw err;
  }
}
