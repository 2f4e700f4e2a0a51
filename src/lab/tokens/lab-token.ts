/**
 * A coordinator's token as the lab reports and draws it (conventions,
 * "Tokens on screen"). Every coordinator hands the worker one integer, and
 * the sink compares that integer. ZooKeeper's is the holder znode's czxid, a
 * zxid: leader epoch in the high 32 bits, a counter in the low 32. It travels
 * whole (its integer order is the pair's order) and is reported as
 * `[epoch, counter]`, drawn `5` while the epoch is 0 and `1:5` after, the raw
 * hex kept beside it in the evidence (`lockValues`).
 */
import type { CoordinatorKind } from '../coordinator-catalogue.js';
import type { LabToken } from '../types.js';
import { packEpochToken, unpackEpochToken } from './epoch-token.js';

/** The token as `--json` reports it: ZooKeeper's czxid as `[epoch, counter]`, any other as it is. */
export function reportedToken(kind: CoordinatorKind, token: number | null): LabToken | null {
  if (token === null || kind !== 'zookeeper') return token;
  return unpackEpochToken(token);
}

/** The token split as an observation records it: the counter in `token`, the epoch beside it (ZooKeeper only). */
export function observedToken(kind: CoordinatorKind, token: number | null): { token?: number; epoch?: number } {
  const reported = reportedToken(kind, token);
  if (reported === null) return {};
  return Array.isArray(reported) ? { epoch: reported[0], token: reported[1] } : { token: reported };
}

/** One number that orders tokens as the pair does (epoch first): what the timeline compares. */
export function tokenRank(token: LabToken | null | undefined): number {
  if (token === null || token === undefined) return 0;
  return Array.isArray(token) ? packEpochToken(token[0], token[1]) : token;
}

/** Whether a mark the sink reported (ZooKeeper's as a pair) is the integer token a worker was given. */
export function isMark(mark: LabToken | null | undefined, token: number | null): boolean {
  return mark !== undefined && mark !== null && token !== null && tokenRank(mark) === token;
}
