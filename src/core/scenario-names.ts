/**
 * The names a scenario file may use (spec section 1), in one place: the
 * loader checks files with them, the sandbox checks a learner's acts, and the
 * engine knows the reserved actors from here.
 */
import type { StepKind } from './types.js';

export const SCENARIO_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const ACTOR_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

/**
 * The actors that are not workers, and the one step each may take: the
 * coordinator fails over, the sink restarts. The engine (which actors need no
 * acquire) and the scenario validator (which steps they may take) read this.
 */
export const RESERVED_ACTOR_STEPS = { coordinator: 'failover', sink: 'sink-restart' } as const satisfies Record<string, StepKind>;
export type ReservedActor = keyof typeof RESERVED_ACTOR_STEPS;
export const RESERVED_ACTORS = Object.keys(RESERVED_ACTOR_STEPS) as readonly ReservedActor[];

export function isReservedActor(name: string): name is ReservedActor {
  return Object.hasOwn(RESERVED_ACTOR_STEPS, name);
}
