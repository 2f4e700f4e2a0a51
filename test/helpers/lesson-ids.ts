/** The shipped lessons' ids, in curriculum order (fixed: lessons and quizzes name them). */
export const SHIPPED_LESSON_IDS = [
  'stale-holder',
  'token-contract',
  'lease-budgets',
  'tokens-in-real-systems',
  'implementation',
  'atomic-vs-split',
  'limits-of-fencing',
  'failover-monotonicity',
  'who-checks',
  'failure-checklist',
  'the-lab',
  'same-idea-everywhere',
  'testing-stale-writers',
] as const;
