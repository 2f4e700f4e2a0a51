/**
 * The names a scenario file may use (spec section 1), in one place: the
 * loader checks files with them, the sandbox checks a learner's acts.
 */
export const SCENARIO_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const ACTOR_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;
export const RESERVED_ACTORS = ['coordinator', 'sink'] as const;
