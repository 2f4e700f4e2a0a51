/**
 * A scenario block's claims (`expect:`) checked by the engine, as Problems at
 * the line of the field the engine contradicts: what validate prints for a
 * shipped lesson and for an instructor's `--content` lesson alike.
 */
import { checkClaims, togglesText } from '../../core/claims.js';
import type { Scenario } from '../../core/types.js';
import type { ScenarioBlock } from '../lesson/lesson-types.js';
import type { Problem } from '../shared/problems.js';

export function claimProblems(file: string, block: ScenarioBlock, scenario: Scenario): Problem[] {
  const claims = block.claims ?? [];
  if (claims.length === 0) return [];
  return checkClaims(scenario, block.overrides, claims).map((m) => {
    const lines = block.claimLines?.[m.claim];
    const field = m.field.startsWith('explore') && lines?.fields[m.field] === undefined ? 'explore' : m.field;
    const toggles = togglesText({ ...block.overrides, ...(claims[m.claim]?.with ?? {}) });
    return {
      file,
      line: lines?.fields[field] ?? lines?.line ?? block.line,
      message: `claim ${m.claim + 1} of the "${scenario.id}" block (${toggles}): "${m.field}" says ${m.claimed}, but the engine gives ${m.actual}`,
      fix: `write what the engine gives (${m.field.startsWith('explore') ? 'fence-tutor explore --scenario' : 'fence-tutor sim'} ${scenario.id}), and correct the caption or text that states it`,
    };
  });
}
