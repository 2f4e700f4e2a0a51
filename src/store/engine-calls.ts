/** The real engine, as the simulator store calls it (tests pass their own). */
import { simulate } from '../core/engine.js';
import { explore } from '../core/explorer.js';
import { exploreOffThread } from './explore-thread.js';
import type { EngineCalls } from './simulator-store.js';

export const ENGINE: EngineCalls = { simulate, explore, exploreAsync: exploreOffThread };
