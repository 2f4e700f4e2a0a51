/**
 * The runs redo-on-reject's checks look at. A plain run: the learner's
 * addOne alone. The story: after addOne's first read, its process is
 * stopped with SIGSTOP until its lease on the embedded coordinator has
 * really expired (the keep-alive timer is in the stopped process), B takes
 * the lock and adds 1, then A goes on and meets a 409.
 */
import type { WorkerSent } from '../child-protocol.js';
import type { ClientSession } from './client-session.js';
import { type CounterWrite, startCounterSink } from './counter-sink.js';
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

export async function storyRun(ctx: RedoContext): Promise<RedoOutcome> {
  await ctx.session.ensureRunning();
  const sink = await startCounterSink();
  const child = ctx.session.child!;
  const key = `${ctx.prefix}story`;
  const from = ctx.session.sent.length;
  let stopped = false;
  try {
    const paused = child.waitFor(['paused'], ctx.session.timeLimitMs + 10_000);
    const config: WorkerConfig = { coordinator: ctx.coordinator, sink: sink.url, key, ttlMs: ctx.ttlMs, writer: 'A', pauseAfterFirstRead: true };
    const work = ctx.session.work('addOne', config, ctx.session.timeLimitMs + 4 * ctx.ttlMs + 10_000);
    work.catch(() => undefined);
    const first = await Promise.race([
      // A process that ended never pauses: work's rejection says why.
      paused.then(
        () => 'paused' as const,
        () => 'returned' as const,
      ),
      work.then(
        () => 'returned' as const,
        () => 'returned' as const,
      ),
    ]);
    // addOne returned without reading: nothing to stop; the checks say what happened.
    if (first === 'returned') {
      await work;
      return { writes: sink.writes(), final: sink.value(), sent: ctx.session.sent.slice(from) };
    }
    child.signal('SIGSTOP');
    stopped = true;
    const deadline = Date.now() + ctx.ttlMs * 3 + 2000;
    while ((await lockHeld(ctx.coordinator, key)) && Date.now() < deadline) await sleep(25);
    // B: takes the lock, adds 1 under its token, lets the lock go.
    const lease = await post(`${ctx.coordinator}/lease/grant`, { ttlMs: ctx.ttlMs });
    const got = await post(`${ctx.coordinator}/lock/acquire`, { key, leaseId: lease.leaseId });
    if (got.acquired !== true) throw new Error(`B could not take the lock after A's lease expired (${JSON.stringify(got)})`);
    const tokenB = Number(got.token);
    sink.write('B', tokenB, sink.value() + 1);
    await post(`${ctx.coordinator}/lease/revoke`, { leaseId: lease.leaseId });
    child.signal('SIGCONT');
    stopped = false;
    ctx.session.send({ op: 'go' });
    await work;
    return { writes: sink.writes(), final: sink.value(), sent: ctx.session.sent.slice(from), tokenB };
  } finally {
    if (stopped) child.signal('SIGCONT');
    await sink.close();
  }
}

/** The story as lines for the report. */
export function storyLines(outcome: RedoOutcome): string[] {
  const lines: string[] = [];
  for (const s of outcome.sent) {
    if (s.op === 'acquire') lines.push(`A acquires: token ${String(s.token)}`);
    else if (s.op === 'read') lines.push(`A reads the counter: ${String(s.value)}`);
    else if (s.op === 'write') lines.push(`A writes ${String(s.value)} with token ${String(s.token)} → ${String(s.status)}`);
  }
  const b = outcome.writes.find((w) => w.writer === 'B');
  if (b)
    lines.splice(
      Math.min(lines.length, 2),
      0,
      `(A stopped with SIGSTOP; its lease expires; B takes the lock with token ${b.token} and writes ${b.value} → ${b.status}; A goes on)`,
    );
  lines.push(`Final counter: ${outcome.final}`);
  return lines;
}
