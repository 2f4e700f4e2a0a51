/** fast-check generators of small random scenarios, built directly (no YAML). */
import fc from 'fast-check';
import { DEFAULT_CONFIG, type Scenario, type ScenarioConfig, type Step } from '../../src/core/types.js';

const actor = fc.constantFrom('A', 'B', 'C');
const at = fc.integer({ min: 0, max: 14 });

const workerStep: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ at, actor, do: fc.constant('acquire' as const), wait: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ at, actor, do: fc.constant('release' as const) }) },
  {
    weight: 2,
    arbitrary: fc
      .record({ at, actor, do: fc.constant('pause' as const), for: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }) })
      .map((s): Step => (s.for === undefined ? { at: s.at, actor: s.actor, do: s.do } : { at: s.at, actor: s.actor, do: s.do, for: s.for })),
  },
  { weight: 2, arbitrary: fc.record({ at, actor, do: fc.constant('resume' as const) }) },
  {
    weight: 5,
    arbitrary: fc.record({
      at,
      actor,
      do: fc.constant('write' as const),
      value: fc.constantFrom('1', '2', '3', '4'),
      delay: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 5 })),
    }),
  },
);

const failover: fc.Arbitrary<Step> = fc.record({ at, actor: fc.constant('coordinator'), do: fc.constant('failover' as const) });
const sinkRestart = (durable: fc.Arbitrary<boolean>): fc.Arbitrary<Step> =>
  fc.record({ at, actor: fc.constant('sink'), do: fc.constant('sink-restart' as const), durable });

export const config: fc.Arbitrary<ScenarioConfig> = fc.record({
  ttl: fc.integer({ min: 2, max: 6 }),
  keepalive: fc.boolean(),
  fencing: fc.boolean(),
  minting: fc.constantFrom('durable' as const, 'volatile' as const),
  check: fc.constantFrom('atomic' as const, 'split' as const),
  splitGap: fc.integer({ min: 1, max: 3 }),
  initial: fc.constantFrom(null, 'init'),
});

/** A random scenario; `durableSink` keeps every sink restart durable. */
export function scenarioArb(options: { durableSink?: boolean; maxSteps?: number; config?: fc.Arbitrary<ScenarioConfig> } = {}): fc.Arbitrary<Scenario> {
  const step = fc.oneof(
    { weight: 14, arbitrary: workerStep },
    { weight: 1, arbitrary: failover },
    { weight: 1, arbitrary: sinkRestart(options.durableSink ? fc.constant(true) : fc.boolean()) },
  );
  return fc
    .record({
      config: options.config ?? config,
      steps: fc.array(step, { minLength: 1, maxLength: options.maxSteps ?? 14 }),
    })
    .map(({ config, steps }) => ({ id: 'random', config: { ...DEFAULT_CONFIG, ...config }, steps }));
}
