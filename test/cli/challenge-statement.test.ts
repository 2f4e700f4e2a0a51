/**
 * `challenge ID` without a terminal: what it tells the learner to do must be
 * true. The challenge screen has no save key, so the way to a file to
 * `--check` goes through the simulator (a shipped scenario) or a file of
 * one's own (a challenge with its own scenario).
 */
import { describe, expect, it } from 'vitest';
import { challengeStatementText } from '../../src/cli/challenge/challenge-output.js';
import { KEY_CONTEXTS } from '../../src/ui/keymap.js';
import { allChallenges } from '../../src/content/challenges/challenge-files.js';

const challenges = allChallenges();
// Wrapped at the terminal's width: read as one line.
const text = (id: string) => challengeStatementText(challenges.find((c) => c.id === id)!, { columns: 100 }).replace(/\s+/g, ' ');

describe('challenge ID, plain', () => {
  it('promises the save key the challenge screen has (w, issue 33)', () => {
    const keys = KEY_CONTEXTS.challenge.bindings.flatMap((b) => [...b.keys]);
    expect(keys).toContain('w');
    for (const c of challenges) expect(text(c.id)).toContain('w saves the run for --check');
  });

  it('a challenge on a shipped scenario: act in the app, or save a run in the simulator and --check it', () => {
    const t = text('lose-b-update');
    expect(t).toContain('Act on it in the app (fence-tutor challenge lose-b-update on a terminal)');
    expect(t).toContain(
      'fence-tutor sim --scenario late-write on a terminal) and save it there with w, then: fence-tutor challenge lose-b-update --check FILE',
    );
  });

  it('a challenge with its own scenario points at its file for the starting steps', () => {
    const own = challenges.find((c) => c.scenarioRef === undefined)!;
    expect(text(own.id)).toContain(`start from the steps in ${own.file}`);
  });
});
