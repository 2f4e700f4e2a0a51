/**
 * The `expect:` list of a scenario block (lessons/FORMAT.md, "Claims"): its
 * schema, and the file line of each claim and field so that a claim the
 * engine contradicts is reported where it is written. The checking itself is
 * src/core/claims.ts.
 */
import * as z from 'zod';
import type { Claim } from '../../core/claims.js';
import type { ParsedYaml } from '../shared/yaml.js';

// exactOptional: an absent field stays absent in the type too (Claim's `x?: T`); YAML cannot write `undefined`.
const onOff = z.union([z.boolean(), z.enum(['on', 'off'])]).transform((v) => v === true || v === 'on');

const actorList = z.array(z.string().min(1));
const count = z.number().int().min(0);

const togglesSchema = z
  .object({
    fencing: onOff.exactOptional(),
    minting: z.enum(['durable', 'volatile']).exactOptional(),
    check: z.enum(['atomic', 'split']).exactOptional(),
    ttl: z.number().int().min(2).exactOptional(),
  })
  .strict();

const exploreSchema = z
  .object({
    orderings: count.exactOptional(),
    stale: z.union([count, z.enum(['some', 'none', 'every'])]).exactOptional(),
    finalValues: z.record(z.string(), count).exactOptional(),
  })
  .strict();

/** A token in its display form (`2`, `1:5`); YAML reads `token: 2` as a number, which means its text. */
const tokenText = z.union([z.string().regex(/^\d+(:\d+)?$/, 'a token is written 7 or 1:5'), z.number().int().min(0).transform(String)]);

const grantClaim = z.object({ at: count.exactOptional(), token: tokenText.exactOptional() }).strict();

/** An actor's grants: one (`{at: 11, token: 2}`) or a list, in the order they happen. */
const grantsSchema = z.record(z.string().min(1), z.union([grantClaim.transform((g) => [g]), z.array(grantClaim)]));

const writeClaim = z
  .object({
    sent: count.exactOptional(),
    arrives: count.exactOptional(),
    result: z.enum(['accepted', 'rejected']).exactOptional(),
    stale: z.boolean().exactOptional(),
  })
  .strict();

/** An actor's writes, in the order sent: one or a list. */
const writesSchema = z.record(z.string().min(1), z.union([writeClaim.transform((w) => [w]), z.array(writeClaim)]));

/** YAML reads `final: 100` as a number; the sink holds strings, so a number means its text. */
const finalValue = z.union([z.string(), z.number().transform(String), z.null()]);

const claimSchema = z
  .object({
    with: togglesSchema.exactOptional(),
    final: finalValue.exactOptional(),
    staleAcceptances: count.exactOptional(),
    mark: z.union([tokenText, z.null()]).exactOptional(),
    rejected: actorList.exactOptional(),
    accepted: actorList.exactOptional(),
    grants: grantsSchema.exactOptional(),
    writes: writesSchema.exactOptional(),
    explore: exploreSchema.exactOptional(),
  })
  .strict();

export const claimListSchema = z.array(claimSchema).min(1, 'list at least one claim, or leave "expect" out');

export const CLAIM_FIX =
  'write claims as in lessons/FORMAT.md ("Claims"): with {fencing, minting, check, ttl}, final, staleAcceptances, mark, rejected, accepted, grants {ACTOR: {at, token}}, writes {ACTOR: {sent, arrives, result, stale}}, explore {orderings, stale, finalValues}';

/** Where a claim sits in its file: the claim's line and each field's. */
export interface ClaimLines {
  line: number;
  fields: Record<string, number>;
}

/** File lines of each claim under `expect` (`offset`: file line of the YAML's line 0). */
export function claimLines(parsed: ParsedYaml, claims: readonly Claim[], offset: number): ClaimLines[] {
  return claims.map((claim, i) => {
    const fields: Record<string, number> = {};
    for (const key of Object.keys(claim)) {
      fields[key] = parsed.keyLineAt(['expect', i, key]) + offset;
      if (key === 'explore' && claim.explore) {
        for (const sub of Object.keys(claim.explore)) {
          fields[`explore.${sub}`] = parsed.keyLineAt(['expect', i, 'explore', sub]) + offset;
        }
      }
      for (const perActor of ['grants', 'writes'] as const) {
        if (key !== perActor) continue;
        for (const actor of Object.keys(claim[perActor] ?? {})) {
          fields[`${perActor}.${actor}`] = parsed.keyLineAt(['expect', i, perActor, actor]) + offset;
        }
      }
    }
    return { line: parsed.lineAt(['expect', i]) + offset, fields };
  });
}
