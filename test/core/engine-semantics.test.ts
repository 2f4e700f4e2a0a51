import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/core/engine.js';
import type { SimResult } from '../../src/core/types.js';
import { scenario } from './helpers.js';

const trace = (r: SimResult) => r.events.map((e) => `${e.t} ${e.kind} ${e.actor}`);
const grants = (r: SimResult) => r.grants.map((g) => `${g.t} ${g.actor} ${g.token.join(':')}`);

describe('acquire, waiting and FIFO', () => {
  it('grants waiters first come, first served, and runs their queued steps when granted', () => {
    const r = simulate(
      scenario(`- { at: 0, actor: A, do: acquire }
- { at: 1, actor: B, do: acquire }
- { at: 2, actor: C, do: acquire }
- { at: 3, actor: C, do: write, value: "c" }
- { at: 4, actor: B, do: write, value: "b" }
- { at: 5, actor: A, do: release }
- { at: 6, actor: B, do: release }`),
    );
    expect(grants(r)).toEqual(['0 A 0:1', '5 B 0:2', '6 C 0:3']);
    // B's write (queued at 4) runs at once when B is granted at 5; C's at 6.
    expect(r.writes.map((w) => `${w.actor}@${w.sentAt}`)).toEqual(['B@5', 'C@6']);
    expect(trace(r)).toContain('1 wait B');
    expect(trace(r)).toContain('2 wait C');
    expect(r.endTick).toBe(6);
  });

  it('wait: false is denied and carries on', () => {
    const r = simulate(
      scenario(`- { at: 0, actor: A, do: acquire }
- { at: 1, actor: B, do: acquire, wait: false }
- { at: 2, actor: B, do: write, value: "x" }`),
    );
    expect(trace(r)).toContain('1 deny B');
    expect(r.writes[0]).toMatchObject({ actor: 'B', token: null, result: 'rejected', sentAt: 2 });
    expect(r.grants).toHaveLength(1);
  });

  it('acquiring a lock already held by oneself has no effect and emits nothing', () => {
    const r = simulate(scenario(`- { at: 0, actor: A, do: acquire }\n- { at: 1, actor: A, do: acquire }`));
    expect(trace(r)).toEqual(['0 grant A']);
  });

  it('release frees the lock and grants the first waiter in the same tick', () => {
    const r = simulate(
      scenario(`- { at: 0, actor: A, do: acquire }
- { at: 1, actor: B, do: acquire }
- { at: 4, actor: A, do: release }`),
    );
    expect(trace(r)).toEqual(['0 grant A', '1 wait B', '4 release A', '4 grant B']);
  });

  it('a release by a non-holder is recorded as release-ignored', () => {
    const r = simulate(
      scenario(`- { at: 0, actor: A, do: acquire }
- { at: 1, actor: B, do: release }`),
    );
    expect(trace(r)).toEqual(['0 grant A', '1 release-ignored B']);
  });

  it('a waiter whose holder keeps renewing never gets the lock: the run ends', () => {
    const r = simulate(
      scenario(`- { at: 0, actor: A, do: acquire }
- { at: 1, actor: B, do: acquire }
- { at: 2, actor: B, do: write, value: "never" }`),
    );
    expect(r.endTick).toBe(2);
    expect(r.writes).toEqual([]);
  });
});

describe('expiry and keepalive', () => {
  it('without keepalive a lease ends ttl ticks after its grant even if the holder runs', () => {
    const r = simulate(scenario(`- { at: 0, actor: A, do: acquire }\n- { at: 1, actor: B, do: acquire }`, 'ttl: 4\nkeepalive: false'));
    expect(trace(r)).toEqual(['0 grant A', '1 wait B', '4 expire A', '4 grant B']);
  });

  it('with keepalive a paused holder stops renewing: expiry at the last renewal + ttl', () => {
    const r = simulate(
      scenario(
        `- { at: 0, actor: A, do: acquire }
- { at: 5, actor: A, do: pause }
- { at: 6, actor: B, do: acquire }`,
        'ttl: 3',
      ),
    );
    // Renewed at 0..4 (expiresAt 7); the pause at 5 comes before keepalive.
    expect(trace(r)).toEqual(['0 grant A', '5 pause A', '6 wait B', '7 expire A', '7 grant B']);
  });

  it('keepalive renewals emit nothing, and far-apart ticks are skipped correctly', () => {
    const r = simulate(
      scenario(
        `- { at: 0, actor: A, do: acquire }
- { at: 1000000, actor: A, do: pause }
- { at: 1000001, actor: B, do: acquire }`,
        'ttl: 2',
      ),
    );
    // Renewed through 999999 (expiresAt 1000001); expiry comes before the steps of a tick,
    // so B finds the lock free and is granted without waiting.
    expect(trace(r)).toEqual(['0 grant A', '1000000 pause A', '1000001 expire A', '1000001 grant B']);
  });
});

describe('pauses and resumes', () => {
  it('a pause with `for` resumes by itself and runs the queued steps', () => {
    const r = simulate(
      scenario(`- { at: 0, actor: A, do: acquire }
- { at: 1, actor: A, do: pause, for: 3 }
- { at: 2, actor: A, do: write, value: "late" }`),
    );
    expect(trace(r)).toEqual(['0 grant A', '1 pause A', '4 resume A', '4 send A', '4 accept A']);
    expect(r.events.find((e) => e.kind === 'resume')?.auto).toBe(true);
  });

  it('an auto-resume belongs to its own pause: a later pause is not ended by it', () => {
    const r = simulate(
      scenario(`- { at: 0, actor: A, do: pause, for: 5 }
- { at: 1, actor: A, do: resume }
- { at: 2, actor: A, do: pause }
- { at: 6, actor: A, do: write, value: "x" }`),
    );
    expect(trace(r)).toEqual(['0 pause A', '1 resume A', '2 pause A']);
    expect(r.writes).toEqual([]);
  });

  it('a pause queued while paused takes effect when the actor resumes, and its `for` counts from then', () => {
    const r = simulate(
      scenario(
        `- { at: 0, actor: A, do: pause }
- { at: 1, actor: A, do: pause, for: 2 }
- { at: 1, actor: A, do: write, value: "w" }
- { at: 3, actor: A, do: resume }`,
        'fencing: false',
      ),
    );
    expect(trace(r)).toEqual(['0 pause A', '3 resume A', '3 pause A', '5 resume A', '5 send A', '5 accept A']);
  });

  it('resuming a running actor has no effect and emits nothing', () => {
    expect(trace(simulate(scenario(`- { at: 0, actor: A, do: resume }`)))).toEqual([]);
  });

  it('an actor still paused at the end never sends what it queued', () => {
    const r = simulate(scenario(`- { at: 0, actor: A, do: pause }\n- { at: 1, actor: A, do: write, value: "x" }`));
    expect(r.writes).toEqual([]);
    expect(r.endTick).toBe(1);
  });
});

describe('writes and the sink', () => {
  it('a delayed write arrives at at + delay; a queued one counts its delay from the resume', () => {
    const r = simulate(
      scenario(`- { at: 0, actor: A, do: acquire }
- { at: 1, actor: A, do: write, value: "d", delay: 4 }
- { at: 2, actor: A, do: pause }
- { at: 3, actor: A, do: write, value: "q", delay: 2 }
- { at: 6, actor: A, do: resume }`),
    );
    expect(r.writes.map((w) => [w.value, w.sentAt, w.arrivedAt])).toEqual([
      ['d', 1, 5],
      ['q', 6, 8],
    ]);
    expect(r.endTick).toBe(8);
  });

  it('an actor never granted sends no token and a fenced sink rejects it; a plain sink accepts it', () => {
    const s = scenario(`- { at: 0, actor: A, do: write, value: "x" }`);
    expect(simulate(s).writes[0]).toMatchObject({ token: null, result: 'rejected' });
    expect(simulate(s, { fencing: false }).writes[0]).toMatchObject({ token: null, result: 'accepted', stale: false });
  });

  it('equal tokens pass (retries of the same generation)', () => {
    const r = simulate(
      scenario(`- { at: 0, actor: A, do: acquire }
- { at: 1, actor: A, do: write, value: "1" }
- { at: 2, actor: A, do: write, value: "1" }`),
    );
    expect(r.writes.map((w) => w.result)).toEqual(['accepted', 'accepted']);
  });

  it('split: the apply is unconditional even if the mark rose, and sets the mark back down', () => {
    const r = simulate(
      scenario(
        `- { at: 0, actor: A, do: acquire }
- { at: 1, actor: A, do: write, value: "a", delay: 0 }
- { at: 1, actor: A, do: release }
- { at: 1, actor: B, do: acquire }
- { at: 2, actor: B, do: write, value: "b" }`,
        'check: split\nsplitGap: 3',
      ),
    );
    // A checked at 1 (apply at 4), B checked at 2 (apply at 5): B lands last, fine.
    expect(r.final).toEqual({ value: 'b', hwm: [0, 2] });
    const s = simulate(
      scenario(
        `- { at: 0, actor: A, do: acquire }
- { at: 1, actor: A, do: write, value: "a", delay: 2 }
- { at: 1, actor: A, do: release }
- { at: 1, actor: B, do: acquire }
- { at: 2, actor: B, do: write, value: "b" }`,
        'check: split\nsplitGap: 2',
      ),
    );
    // B checked at 2 (apply 4); A arrives and is checked at 3 against no mark, applied at 5 over B.
    expect(s.writes.map((w) => [w.actor, w.arrivedAt, w.appliedAt, w.stale])).toEqual([
      ['B', 2, 4, false],
      ['A', 3, 5, true],
    ]);
    expect(s.final).toEqual({ value: 'a', hwm: [0, 1] });
    expect(s.staleAcceptances).toBe(1);
    expect(trace(s).filter((x) => /check-pass|apply/.test(x))).toEqual(['2 check-pass B', '3 check-pass A', '4 apply B', '5 apply A']);
  });

  it('a sink restart with durable: false forgets the mark but keeps the value', () => {
    const r = simulate(
      scenario(`- { at: 0, actor: A, do: acquire }
- { at: 1, actor: A, do: write, value: "v" }
- { at: 2, actor: sink, do: sink-restart, durable: false }`),
    );
    expect(r.final).toEqual({ value: 'v', hwm: null });
    const d = simulate(
      scenario(`- { at: 0, actor: A, do: acquire }
- { at: 1, actor: A, do: write, value: "v" }
- { at: 2, actor: sink, do: sink-restart }`),
    );
    expect(d.final).toEqual({ value: 'v', hwm: [0, 1] });
    expect(trace(d)).toContain('2 sink-restart sink');
  });

  it('initial is the value before any write', () => {
    expect(simulate(scenario(`- { at: 0, actor: A, do: pause }`, 'initial: "start"')).final).toEqual({ value: 'start', hwm: null });
  });
});

describe('failover', () => {
  const steps = `- { at: 0, actor: A, do: acquire }
- { at: 1, actor: B, do: acquire }
- { at: 2, actor: coordinator, do: failover }
- { at: 3, actor: A, do: write, value: "a" }`;

  it('durable: epoch + 1, counter carries on, the lock table survives', () => {
    const r = simulate(scenario(`${steps}\n- { at: 4, actor: A, do: release }`));
    expect(grants(r)).toEqual(['0 A 0:1', '4 B 1:2']);
    expect(trace(r)).toContain('2 failover coordinator');
  });

  it('volatile: counter resets, holder forgotten, waiters kept and the first granted at once', () => {
    const r = simulate(scenario(steps, 'minting: volatile'));
    expect(grants(r)).toEqual(['0 A 0:1', '2 B 0:1']);
    expect(trace(r).slice(2, 4)).toEqual(['2 failover coordinator', '2 grant B']);
    // A still believes its token: its write carries [0,1] and passes (equal to no mark).
    expect(r.writes[0]).toMatchObject({ actor: 'A', token: [0, 1], result: 'accepted' });
    // A's release is ignored: it no longer holds anything.
    const s = simulate(scenario(`${steps}\n- { at: 4, actor: A, do: release }`, 'minting: volatile'));
    expect(trace(s)).toContain('4 release-ignored A');
  });

  it('volatile with no waiter: the next acquire gets [0, 1] again', () => {
    const r = simulate(
      scenario(
        `- { at: 0, actor: A, do: acquire }
- { at: 1, actor: coordinator, do: failover }
- { at: 2, actor: B, do: acquire }`,
        'minting: volatile',
      ),
    );
    expect(grants(r)).toEqual(['0 A 0:1', '2 B 0:1']);
  });
});

describe('the end of a run', () => {
  it('continues while a waiter can still be granted: the holder is paused', () => {
    const r = simulate(
      scenario(`- { at: 0, actor: A, do: acquire }
- { at: 1, actor: A, do: pause }
- { at: 2, actor: B, do: acquire }`),
    );
    // Renewed at 0 only (the pause at 1 comes before keepalive): the lease ends at 10.
    expect(r.endTick).toBe(10);
    expect(grants(r)).toEqual(['0 A 0:1', '10 B 0:2']);
  });

  it('ends at the tick of the last step when nothing else is pending', () => {
    expect(simulate(scenario(`- { at: 7, actor: A, do: acquire }`)).endTick).toBe(7);
  });

  it('waits for pending applies and auto-resumes', () => {
    const split = simulate(scenario(`- { at: 0, actor: A, do: acquire }\n- { at: 1, actor: A, do: write, value: "x" }`, 'check: split\nsplitGap: 5'));
    expect(split.endTick).toBe(6);
    expect(split.writes[0]).toMatchObject({ result: 'accepted', appliedAt: 6 });
    expect(simulate(scenario(`- { at: 0, actor: A, do: pause, for: 9 }`)).endTick).toBe(9);
  });
});

describe('overrides', () => {
  it('ttl can be overridden like the toggles', () => {
    const r = simulate(scenario(`- { at: 0, actor: A, do: acquire }\n- { at: 0, actor: A, do: pause }\n- { at: 1, actor: B, do: acquire }`), { ttl: 3 });
    expect(grants(r)).toEqual(['0 A 0:1', '3 B 0:2']);
    expect(r.config.ttl).toBe(3);
  });
});
