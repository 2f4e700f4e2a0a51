/**
 * The reader's earlier self-check answers (use-earlier-answers.ts) stay the
 * same object across progress saves that change no answer: each save hands
 * back a freshly merged state, and selecting the entry itself re-rendered
 * the whole reader (a full Ink frame) on opening and on every study-timer
 * save (issue 18: the idle peak climbed with each one).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Text } from 'ink';
import { cleanup, render } from 'ink-testing-library';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createProgressStore, type ProgressStore } from '../../src/store/progress-store.js';
import { type EarlierAnswers, useEarlierAnswers } from '../../src/ui/reader/use-earlier-answers.js';
import { waitForFrame } from '../helpers/ink.js';

afterEach(() => cleanup());

const LESSON = 'stale-holder';

function Probe({ progress, seen }: { progress: ProgressStore; seen: EarlierAnswers[] }) {
  const earlier = useEarlierAnswers(progress, LESSON);
  seen.push(earlier);
  return (
    <Text>
      {Object.entries(earlier)
        .map(([id, a]) => `${id}=${a.correct}`)
        .join(' ')}
    </Text>
  );
}

describe("the reader's earlier answers", () => {
  it('render once per change of an answer, not once per save', async () => {
    const progress = createProgressStore({ dir: mkdtempSync(join(tmpdir(), 'fence-earlier-')) });
    await act(async () => progress.getState().answerSelfCheck(LESSON, 'q1', true));
    const seen: EarlierAnswers[] = [];
    const app = render(<Probe progress={progress} seen={seen} />);
    await waitForFrame(app.lastFrame, 'q1=true');
    expect(seen).toHaveLength(1);

    // Saves that change no answer: opening the lesson, time spent, the view (each merged with the file).
    await act(async () => {
      const p = progress.getState();
      p.open(LESSON);
      p.spend(LESSON, 5000);
      p.flush();
      p.view(LESSON, { position: 0.5, seen: 0.6, anchor: '1:0+0' });
      p.flush();
    });
    expect(progress.getState().progress.lessons[LESSON]?.timeSpentMs).toBe(5000);
    expect(seen).toHaveLength(1);

    // An answer that is new: one render, with it.
    await act(async () => progress.getState().answerSelfCheck(LESSON, 'q2', false));
    await waitForFrame(app.lastFrame, 'q1=true q2=false');
    expect(seen).toHaveLength(2);
    expect(seen[1]).toEqual({ q1: { correct: true }, q2: { correct: false } });
  });
});
