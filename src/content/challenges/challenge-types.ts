/** A challenge as loaded from challenges/*.yaml (challenges/FORMAT.md). Pure data. */
import type { AllowedActs } from '../../core/challenge-acts.js';
import type { ChallengeGoal } from '../../core/challenge-goal.js';
import type { Scenario } from '../../core/types.js';

export interface Challenge {
  id: string;
  title: string;
  /** The id of the lesson it belongs to. */
  lesson: string;
  /** The goal in words, shown above the timeline. */
  task: string;
  /** The starting scenario (resolved when it names a scenario file). */
  start: Scenario;
  /** The scenario id it names, when it does not carry its own. */
  scenarioRef?: string | undefined;
  allow: AllowedActs;
  par: number;
  hints: string[];
  /** The reference solution: the start with the acts applied. */
  solution: Scenario;
  goal: ChallengeGoal;
  /**
   * Set on a proof challenge: the task asks for something impossible, the
   * goal is the attempt (a run the explorer can order), and this text says
   * why it can never succeed; shown when the goal is met.
   */
  proof?: string | undefined;
  /** Said when solved (optional). */
  debrief?: string | undefined;
  file: string;
  /** Lines of the top-level fields, for validate's messages. */
  lines: Record<string, number>;
  local?: boolean;
}
