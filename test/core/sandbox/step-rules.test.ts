import { describe, expect, it } from 'vitest';
import { countActs, stepsChanged } from '../../../src/core/sandbox/act-count.js';
import { idFromTitle, scenarioText } from '../../../src/core/sandbox/scenario-text.js';
import { inRunOrder, nextActorName, refuseStep, type StepLimits } from '../../../src/core/sandbox/step-rules.js';
import { loadScenarioText } from '../../../src/content/scenario/scenario-loader.js';
import { simulate } from '../../../src/core/engine.js';
import { DEFAULT_CONFIG, type Step } from '../../../src/core/types.js';
import { SPEC_LATE_WRITE } from '../helpers.js';

const LIMITS: StepLimits = { maxSteps: 4, maxActors: 2, maxValueLength: 10 };
const A = (s: Partial<Step> & Pick<Step, 'do'>): Step => ({ at: 1, actor: 'A', ...s }) as Step;

describe('refuseStep: the format rules, in words', () => {
  it('accepts every kind of step the format has', () => {
    const ok: Step[] = [
      A({ do: 'acquire', wait: false }),
      A({ do: 'release' }),
      A({ do: 'pause', for: 3 }),
      A({ do: 'resume' }),
      A({ do: 'write', value: '7', delay: 2 }),
      { at: 1, actor: 'coordinator', do: 'failover' },
      { at: 1, actor: 'sink', do: 'sink-restart', durable: false },
    ];
    for (const step of ok) expect(refuseStep(step, [], LIMITS)).toBeNull();
  });

  it.each([
    [A({ do: 'write', value: 'null', delay: 0 }), /"null"/],
    [A({ do: 'write', value: 'x\u001b[2J', delay: 0 }), /control or invisible/],
    [A({ do: 'write', value: 'a\nb', delay: 0 }), /one line/],
    [A({ do: 'write', value: '12345678901', delay: 0 }), /at most 10 characters/],
    [A({ do: 'write', value: '1', delay: -1 }), /`delay` must be at least 0/],
    [A({ do: 'pause', for: 0 }), /`for` must be at least 1/],
    [A({ do: 'pause', for: 1.5 }), /whole number/],
    [{ at: -1, actor: 'A', do: 'release' } as Step, /`at` must be at least 0/],
    [{ at: 1, actor: 'A', do: 'failover' } as Step, /only the coordinator fails over/],
    [{ at: 1, actor: 'B', do: 'sink-restart', durable: true } as Step, /only the sink restarts/],
    [{ at: 1, actor: 'sink', do: 'pause' } as Step, /the sink can only restart/],
    [{ at: 1, actor: '9lives', do: 'resume' } as Step, /starts with a letter/],
  ])('refuses %o', (step, why) => {
    expect(refuseStep(step, [], LIMITS)).toMatch(why);
  });

  it('keeps to the loader limits on steps and actors', () => {
    const four = [A({ do: 'release' }), A({ do: 'resume' }), A({ do: 'release' }), A({ do: 'resume' })];
    expect(refuseStep(A({ do: 'release' }), four, LIMITS)).toMatch(/at most 4 steps/);
    const two = [A({ do: 'release' }), { at: 0, actor: 'B', do: 'release' } as Step];
    expect(refuseStep({ at: 0, actor: 'C', do: 'release' }, two, LIMITS)).toMatch(/at most 2 actors/);
    expect(refuseStep({ at: 0, actor: 'B', do: 'resume' }, two, LIMITS)).toBeNull();
  });

  it('orders by tick then list order, and names the next worker', () => {
    const steps = [A({ at: 5, do: 'release' }), A({ at: 2, do: 'resume' }), A({ at: 5, do: 'pause' })];
    expect(inRunOrder(steps).map((s) => `${s.at}${s.do}`)).toEqual(['2resume', '5release', '5pause']);
    expect(nextActorName(steps)).toBe('B');
  });
});

describe('countActs: a difference from the start', () => {
  const start = loadScenarioText(SPEC_LATE_WRITE, 'late-write.yaml');
  const now = (steps: Step[], config = start.config) => countActs(start, { steps, config });

  it('is 0 for the start itself, even reordered within ticks', () => {
    expect(now(start.steps).total).toBe(0);
    expect(now([...start.steps].reverse()).total).toBe(0);
  });

  it('counts one per step added, removed or changed, and per setting', () => {
    const added = [...start.steps, A({ at: 4, do: 'pause' })];
    expect(now(added)).toMatchObject({ added: 1, total: 1 });
    expect(now(start.steps.slice(1))).toMatchObject({ removed: 1, total: 1 });
    const moved = start.steps.map((s, i) => (i === 2 ? { ...s, at: 5 } : s));
    expect(now(moved)).toMatchObject({ changed: 1, total: 1 });
    const both = now(moved, { ...start.config, fencing: false, ttl: 4 });
    expect(both.settings).toEqual(['fencing', 'ttl']);
    expect(both.total).toBe(3);
    expect(stepsChanged(start.steps, moved)).toEqual(start.steps.map((_, i) => i === 2));
  });
});

describe('scenarioText: a run as a file the loader accepts', () => {
  it('round-trips every kind of step, awkward strings included', () => {
    const steps: Step[] = [
      A({ at: 0, do: 'acquire', wait: true }),
      A({ at: 0, do: 'acquire', wait: false }),
      { at: 1, actor: 'yes', do: 'write', value: 'say "hi": #1 \\ {x}', delay: 3 },
      { at: 1, actor: 'B', do: 'write', value: '', delay: 0 },
      A({ at: 2, do: 'pause', for: 4 }),
      A({ at: 2, do: 'pause' }),
      A({ at: 3, do: 'resume' }),
      A({ at: 3, do: 'release' }),
      { at: 4, actor: 'coordinator', do: 'failover' },
      { at: 5, actor: 'sink', do: 'sink-restart', durable: false },
      { at: 5, actor: 'sink', do: 'sink-restart', durable: true },
    ];
    const config = { ...DEFAULT_CONFIG, ttl: 4, fencing: false, minting: 'volatile' as const, check: 'split' as const, initial: 'true' };
    const text = scenarioText({ id: 'my-run', title: 'a: [title] #2', config, steps });
    const loaded = loadScenarioText(text, 'my-run.yaml');
    expect(loaded.title).toBe('a: [title] #2');
    expect(loaded.config).toEqual(config);
    expect(loaded.steps.map(({ line: _, ...s }) => s)).toEqual(steps);
  });

  it('makes an id from a title', () => {
    expect(idFromTitle('My run #2!')).toBe('my-run-2');
    expect(idFromTitle('Åsa')).toBe('asa');
    expect(idFromTitle('***')).toBe('my-run');
  });

  it('replays the spec file identically once saved', () => {
    const spec = loadScenarioText(SPEC_LATE_WRITE, 'late-write.yaml');
    const saved = loadScenarioText(scenarioText({ id: 'late-write', title: 't', config: spec.config, steps: spec.steps }), 's.yaml');
    expect(simulate(saved)).toEqual(simulate(spec));
  });
});
