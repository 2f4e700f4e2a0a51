/**
 * The runs redo-on-reject's checks look at. A plain run: the learner's
 * addOne alone. The story: after addOne's first read, its process is
 * stopped with SIGSTOP until its lease on the embedded coordinator has
 * really expired (the keep-alive timer is in the stopped process), B takes
 * the lock and adds 1, then A goes on and meets a 409. The redo race: the
 * story, then A is held again inside its redo and C is granted the lock
 * and adds 1 before A's next call goes on.
 */
import type { WorkerSent } from '../child-protocol.js';
import type { ClientChild } from '../ports.js';
import type { ClientSession } from './client-session.js';
import { type CounterSink, type CounterWrite, startCounterSink } from './counter-sink.js';
import type { WorkerConfig } from './worker-client.js';

export interface RedoContext {
  session: ClientSession;
  coordinator: string;
  prefix: string;
  ttlMs: number;
}

export interface RedoOutcome {
  writes: CounterWrite[];
  final: number;
  /** A's requests as its worker client reported them. */
  sent: WorkerSent[];
  /** B's token, in the story. */
  tokenB?: number;
  /** The other holders who took the lock while A was stopped (B, then C in the redo race), in order. */
  others?: OtherHolder[];
}

async function post(url: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(3000),
  });
  return (await res.json()) as Record<string, unknown>;
}

async function lockHeld(coordinator: string, key: string): Promise<boolean> {
  const res = await fetch(`${coordinator}/lock?key=${encodeURIComponent(key)}`, { signal: AbortSignal.timeout(3000) });
  return ((await res.json()) as { present?: unknown }).present === true;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function plainRun(ctx: RedoContext): Promise<RedoOutcome> {
  await ctx.session.ensureRunning();
  const sink = await startCounterSink();
  const from = ctx.session.sent.length;
  try {
    const config: WorkerConfig = {
      coordinator: ctx.coordinator,
      sink: sink.url,
      key: `${ctx.prefix}plain`,
      ttlMs: ctx.ttlMs,
      writer: 'A',
      pauseAfterFirstRead: false,
    };
    await ctx.session.work('addOne', config, ctx.session.timeLimitMs + ctx.ttlMs);
    return { writes: sink.writes(), final: sink.value(), sent: ctx.session.sent.slice(from) };
  } finally {
    await sink.close();
  }
}

/** Another holder's turn: its token and the number of A's requests before it came. */
export interface OtherHolder {
  writer: string;
  token: number;
  afterSent: number;
  /** A held the lock when it was stopped, so the other waited for A's lease to expire. */
  waitedForExpiry: boolean;
}

/**
 * A is held (paused) at the moment that matters: stop its process with
 * SIGSTOP (its keep-alive timer with it) until the lock is free (its lease
 * really expired, or it held none), let `writer` take the lock and add 1
 * under its own token, then let A's process run again (still held).
 */
async function anotherHolderAddsOne(ctx: RedoContext, sink: CounterSink, key: string, writer: string): Promise<{ token: number; waitedForExpiry: boolean }> {
  const child = ctx.session.child!;
  child.signal('SIGSTOP');
  try {
    const waitedForExpiry = await lockHeld(ctx.coordinator, key);
    const deadline = Date.now() + ctx.ttlMs * 3 + 2000;
    while ((await lockHeld(ctx.coordinator, key)) && Date.now() < deadline) await sleep(25);
    const lease = await post(`${ctx.coordinator}/lease/grant`, { ttlMs: ctx.ttlMs });
    const got = await post(`${ctx.coordinator}/lock/acquire`, { key, leaseId: lease.leaseId });
    if (got.acquired !== true) throw new Error(`${writer} could not take the lock after A's lease expired (${JSON.stringify(got)})`);
    const token = Number(got.token);
    sink.write(writer, token, sink.value() + 1);
    await post(`${ctx.coordinator}/lease/revoke`, { leaseId: lease.leaseId });
    return { token, waitedForExpiry };
  } finally {
    child.signal('SIGCONT');
  }
}

/**
 * Resolves 'paused' at the child's next pause, 'returned' when addOne ended
 * (or failed) first. Listens from the call on (not the child's waitFor,
 * which answers with any 'paused' it ever saw): call it before the command
 * that can lead to the pause.
 */
function nextPauseOrReturn(child: ClientChild, work: Promise<unknown>): Promise<'paused' | 'returned'> {
  let off = () => {};
  const paused = new Promise<'paused'>((resolve) => {
    off = child.on((m) => {
      if (m.ev === 'paused') resolve('paused');
    });
  });
  // A process that ended never pauses: work's rejection says why.
  const returned = work.then(
    () => 'returned' as const,
    () => 'returned' as const,
  );
  return Promise.race([paused, returned]).finally(() => off());
}

/**
 * The story; with `redoPauseBefore` N, also the concurrent grant inside the
 * redo: A is held again before the Nth call it makes after its first 409,
 * and C takes the lock (once A's lease has expired, if A held it) and adds
 * 1 before A's call goes on.
 */
export async function storyRun(ctx: RedoContext, redoPauseBefore?: number): Promise<RedoOutcome> {
  await ctx.session.ensureRunning();
  const sink = await startCounterSink();
  const child = ctx.session.child!;
  const key = `${ctx.prefix}story${redoPauseBefore ?? ''}`;
  const from = ctx.session.sent.length;
  const others: OtherHolder[] = [];
  const turn = async (writer: string) => {
    const afterSent = ctx.session.sent.length - from;
    others.push({ writer, afterSent, ...(await anotherHolderAddsOne(ctx, sink, key, writer)) });
  };
  try {
    const config: WorkerConfig = {
      coordinator: ctx.coordinator,
      sink: sink.url,
      key,
      ttlMs: ctx.ttlMs,
      writer: 'A',
      pauseAfterFirstRead: true,
      ...(redoPauseBefore === undefined ? {} : { redoPauseBefore }),
    };
    const work = ctx.session.work('addOne', config, ctx.session.timeLimitMs + 8 * ctx.ttlMs + 10_000);
    work.catch(() => undefined);
    // addOne returned without reading: nothing to stop; the checks say what happened.
    if ((await nextPauseOrReturn(child, work)) === 'paused') {
      await turn('B');
      if (redoPauseBefore !== undefined) {
        const again = nextPauseOrReturn(child, work);
        ctx.session.send({ op: 'go' });
        // A redo with fewer calls than that never pauses again: nothing more to do.
        if ((await again) === 'paused') await turn('C');
      }
      ctx.session.send({ op: 'go' });
    }
    await work;
    const outcome: RedoOutcome = { writes: sink.writes(), final: sink.value(), sent: ctx.session.sent.slice(from), others };
    if (others[0]) outcome.tokenB = others[0].token;
    return outcome;
  } finally {
    await sink.close();
  }
}

/** The story as lines for the report. */
export function storyLines(outcome: RedoOutcome): string[] {
  const lines: string[] = [];
  const others = outcome.others ?? [];
  outcome.sent.forEach((s, i) => {
    for (const o of others.filter((other) => other.afterSent === i)) lines.push(otherLine(outcome, o));
    if (s.op === 'acquire') lines.push(`A acquires: token ${String(s.token)}`);
    else if (s.op === 'read') lines.push(`A reads the counter: ${String(s.value)}`);
    else if (s.op === 'write') lines.push(`A writes ${String(s.value)} with token ${String(s.token)} → ${String(s.status)}`);
  });
  for (const o of others.filter((other) => other.afterSent >= outcome.sent.length)) lines.push(otherLine(outcome, o));
  lines.push(`Final counter: ${outcome.final}`);
  return lines;
}

function otherLine(outcome: RedoOutcome, other: OtherHolder): string {
  const w = outcome.writes.find((x) => x.writer === other.writer);
  const wrote = w ? ` and writes ${w.value} → ${w.status}` : '';
  const wait = other.waitedForExpiry ? 'its lease expires' : 'it holds no lock';
  return `(A stopped with SIGSTOP; ${wait}; ${other.writer} takes the lock with token ${other.token}${wrote}; A goes on)`;
}
