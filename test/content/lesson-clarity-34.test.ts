/**
 * Issue 34's corrections in lessons 4, 7, 8 and 10, held against the
 * wording the sources support, and the two new lessons' classification and
 * citations. Each check failed on the text before the correction.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const lesson = (file: string) => readFileSync(resolve(import.meta.dirname, '../../lessons', file), 'utf8').replace(/\s+/g, ' ');

describe('Kubernetes resourceVersion, as the API server applies it', () => {
  it('lesson 7 does not offer the Lease resourceVersion as an owner check for other writes', () => {
    const text = lesson('07-limits-of-fencing.md');
    expect(text).not.toMatch(/conditioned on the Lease object's resourceVersion works the same way/);
    expect(text).toMatch(/conditional only on the resourceVersion of the object being written/);
    expect(text).toMatch(/Lease's own resourceVersion is no stable owner token: it changes at every renewal/);
  });

  it('lesson 4: a PUT without resourceVersion is refused for Leases and custom resources; a PATCH without one applies', () => {
    const text = lesson('04-tokens-in-real-systems.md');
    expect(text).not.toMatch(/a PUT without a resourceVersion, or a PATCH that does not set one, is applied unconditionally/);
    expect(text).toMatch(/omits the resourceVersion is refused for Lease objects and for custom resources/);
    expect(text).toMatch(/"must be specified for an update"/);
    expect(text).toMatch(/A PATCH that does not set a resourceVersion is applied unconditionally, Leases included/);
  });

  it('lesson 4 teaches leaseTransitions as a generation number and client-go trusting only its own clock', () => {
    const text = lesson('04-tokens-in-real-systems.md');
    expect(text).toMatch(/leaseTransitions is the closest thing to a generation number/);
    expect(text).toMatch(/client-go trusts only its own clock/);
  });

  it('lesson 10 gives "current owner only" to a resourceVersion only for writes to the object holding the owner', () => {
    const text = lesson('10-failure-checklist.md');
    expect(text).not.toMatch(/\(etcd's `IsOwner\(\)` in a txn, a resourceVersion\) even gives "current owner only"/);
    expect(text).toMatch(/only for writes to the object that holds the owner/);
    // Item 3 is named a failure mode; the atomic equality check is named the stronger design.
    expect(text).toMatch(/Every item is a \*\*failure mode\*\*/);
    expect(text).toMatch(/is a stronger design than a mark/);
  });
});

describe('lesson 8: what a counter that goes back does', () => {
  it('names the old, higher pre-failover token landing after the new holder’s lower one', () => {
    const text = lesson('08-failover-monotonicity.md');
    expect(text).not.toMatch(/or accept it as stale\)/);
    expect(text).toMatch(/an old holder's higher, pre-failover token arrives after it and is accepted as if it were newer/);
  });
});

describe('the dense lessons keep their caveats in a Fine print part, and leave room for the lab material', () => {
  it('lessons 4, 7, 8 and 10 each have Fine print sections', () => {
    for (const file of ['04-tokens-in-real-systems.md', '07-limits-of-fencing.md', '08-failover-monotonicity.md', '10-failure-checklist.md'])
      expect(lesson(file), file).toMatch(/### Fine print/);
  });

  it('lesson 4 has its measured-on-this-machine section and lesson 8 its real counterparts section', () => {
    expect(lesson('04-tokens-in-real-systems.md')).toMatch(/## Measured on this machine/);
    expect(lesson('08-failover-monotonicity.md')).toMatch(/## Real counterparts/);
  });
});

describe('lesson 12 classifies each gate', () => {
  const rows = readFileSync(resolve(import.meta.dirname, '../../lessons/12-same-idea-everywhere.md'), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| Gate') && !l.startsWith('|---'));
  const row = (gate: RegExp) => rows.find((l) => gate.test(l.split('|')[1] ?? '')) ?? '';

  it('ordered tokens fence any older writer', () => {
    for (const gate of [/Raft term/, /Paxos ballot/, /Kafka producer epoch/, /HDFS journal epoch/, /DynamoDB condition on a number/]) {
      expect(row(gate), String(gate)).toMatch(/\| ordered/);
      expect(row(gate), String(gate)).toMatch(/fencing/);
    }
  });

  it('equality preconditions give "nobody wrote since I read"', () => {
    for (const gate of [/S3 `If-Match`/, /Cloud Storage `ifGenerationMatch`/, /DynamoDB condition on a version/, /Kubernetes resourceVersion/]) {
      expect(row(gate), String(gate)).toMatch(/\| equality \|/);
      expect(row(gate), String(gate)).toMatch(/nobody wrote since I read/);
    }
  });
});

describe('the new lessons cite the section each source is relied on for', () => {
  for (const file of ['12-same-idea-everywhere.md', '13-testing-stale-writers.md']) {
    it(file, () => {
      const refs = readFileSync(resolve(import.meta.dirname, '../../lessons', file), 'utf8').split('\n## References\n')[1] ?? '';
      const items = refs
        .split(/\n- /)
        .map((s) => s.replace(/\s+/g, ' ').trim())
        .filter(Boolean);
      expect(items.length).toBeGreaterThanOrEqual(8);
      // A section, a named part of the source in parentheses, or both.
      for (const item of items) expect(item, item).toMatch(/section|\(.+\)/i);
    });
  }
});
