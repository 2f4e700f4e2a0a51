/**
 * SHA-256 as lowercase hex, by node:crypto: the one way the tool hashes
 * (a bank's questions, an assignment's settings, an exercise's file). Issue
 * 32 measured the hand-written one this replaced: loading node:crypto moved
 * no start-up goal (docs/performance.md, "Start-up pieces on and off").
 */
import { createHash } from 'node:crypto';

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
