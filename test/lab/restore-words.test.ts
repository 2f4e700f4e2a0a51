/**
 * The restore experiment's steps name each mode's answer in words (issue 33:
 * "revision 200, epoch 200" read as revision numbers).
 */
import { describe, expect, it } from 'vitest';
import { bothModesWords } from '../../src/lab/experiments/restore.js';

describe('bothModesWords', () => {
  it('says accepted or refused after each mode name, with the status in brackets', () => {
    expect(bothModesWords(200, 409)).toBe('revision mode accepted (200), epoch mode refused (409)');
    expect(bothModesWords(200, 200)).not.toMatch(/revision \d|epoch \d/);
  });
});
