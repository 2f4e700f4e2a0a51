import { loadScenarioText } from '../../src/content/scenario/scenario-loader.js';
import type { Scenario } from '../../src/core/types.js';

/** The file of spec section 1, verbatim. */
export const SPEC_LATE_WRITE = `id: late-write                 # kebab-case, unique among shipped scenarios
title: The worker that came back
summary: A pauses past its lease; B takes over; A's old write arrives late.
config:                        # every key optional; defaults shown
  ttl: 10                      # lease length in ticks, integer >= 2
  keepalive: true              # running holders renew every tick (see 3.4)
  fencing: true                # the sink enforces a token high-water mark
  minting: durable             # durable | volatile (see 3.2)
  check: atomic                # atomic | split (see 3.5)
  splitGap: 1                  # ticks between check and apply when split, >= 1
  initial: null                # the sink's value before any write
steps:
  - { at: 0,  actor: A, do: acquire }
  - { at: 1,  actor: A, do: write, value: "0" }
  - { at: 2,  actor: A, do: pause }
  - { at: 3,  actor: B, do: acquire }          # waits until the lock is free
  - { at: 14, actor: B, do: write, value: "100" }
  - { at: 31, actor: A, do: resume }
  - { at: 31, actor: A, do: write, value: "1" }
`;

/** A scenario from YAML lines under `steps:` (and optional config lines). */
export function scenario(steps: string, config = ''): Scenario {
  const text = `id: test\n${config ? `config:\n${config.replace(/^/gm, '  ')}\n` : ''}steps:\n${steps.replace(/^/gm, '  ')}\n`;
  return loadScenarioText(text, 'test.yaml');
}
