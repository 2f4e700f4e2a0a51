/**
 * The plain (non-TTY or --plain) output of `sim`: the scenario and its
 * config, the timeline as text, one sentence per tick, and the outcome.
 */
import { effectiveConfig, simulate } from '../../core/engine.js';
import { narrateEvents, narrateOutcome, narrateTicks } from '../../core/narration.js';
import { renderTimeline } from '../../core/timeline/render-text.js';
import { timelineFromSim } from '../../core/timeline/from-sim.js';
import type { ConfigOverrides, Scenario, ScenarioConfig } from '../../core/types.js';
import type { Display } from '../../platform/display.js';

export function configLine(config: ScenarioConfig, ascii = false): string {
  const parts = [
    `fencing ${config.fencing ? 'on' : 'off'}`,
    `minting ${config.minting}`,
    `check ${config.check}${config.check === 'split' ? ` (gap ${config.splitGap})` : ''}`,
    `ttl ${config.ttl}`,
    `keepalive ${config.keepalive ? 'on' : 'off'}`,
  ];
  return parts.join(ascii ? ' | ' : ' · ');
}

export function scenarioHeading(scenario: Scenario, ascii = false): string[] {
  const lines = [scenario.title ? `${scenario.id}${ascii ? ' - ' : ' · '}${scenario.title}` : scenario.id];
  if (scenario.summary) lines.push(scenario.summary);
  return lines;
}

export function simPlainText(scenario: Scenario, overrides: ConfigOverrides, display: Display): string {
  const result = simulate(scenario, overrides);
  const config = effectiveConfig(scenario, overrides);
  const sep = (display.ascii ? '-' : '─').repeat(Math.min(display.columns, 100) - 1);
  const out: string[] = [...scenarioHeading(scenario, display.ascii), configLine(config, display.ascii), ''];
  if (display.narrate) {
    // --narrate: sentences only, one per event, nothing drawn (for screen readers).
    for (const { text } of narrateEvents(result, display.ascii)) out.push(text);
    out.push(narrateOutcome(result, display.ascii));
    return `${out.join('\n')}\n`;
  }
  out.push(...renderTimeline(timelineFromSim(result, scenario), { width: Math.min(display.columns, 160), ascii: display.ascii }));
  out.push(sep);
  for (const { text } of narrateTicks(result, display.ascii)) out.push(text);
  out.push(sep);
  out.push(narrateOutcome(result, display.ascii));
  return `${out.join('\n')}\n`;
}
