/**
 * What a check says to the learner's sink, in the contract's words
 * (docs/sink-contract.md): write, register, state. Every exchange is logged
 * for the report, and every answer is checked against the contract's shape,
 * so a check reads as the story it tells.
 */
import { sendToSink } from './loopback-http.js';
import type { SinkProcess } from './sink-process.js';
import { errorMessage } from '../../platform/error-message.js';

export interface SinkExchange {
  /** `POST /write {"writer":"A",...}` */
  sent: string;
  status: number;
  /** The body as answered, cut short. */
  answered: string;
}

export interface SinkState {
  value: string | null;
  mark: number | null;
  applied: number;
}

export interface WriteRequest {
  writer: string;
  value: string;
  token: number | null;
  requestId: string;
}

/** A check failed: the message says what the contract expected and what came back. */
export class CheckFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CheckFailure';
  }
}

const MAX_LOGGED = 40;

export class SinkSession {
  readonly exchanges: SinkExchange[] = [];
  /** Exchanges not logged because the log was full (the timing adversary sends hundreds). */
  unlogged = 0;

  constructor(readonly sink: SinkProcess) {}

  async write(request: WriteRequest, log = true): Promise<{ status: number; accepted: boolean | undefined }> {
    const answer = await this.send('POST', '/write', JSON.stringify(request), log);
    const accepted = (answer.json as { accepted?: unknown } | undefined)?.accepted;
    return { status: answer.status, accepted: typeof accepted === 'boolean' ? accepted : undefined };
  }

  /** A write the contract says must be applied: 200 and `"accepted": true`. */
  async expectAccepted(request: WriteRequest, why: string): Promise<void> {
    const { status, accepted } = await this.write(request);
    if (status !== 200 || accepted !== true) {
      throw new CheckFailure(`${why}: expected 200 {"accepted": true}, got ${status}${accepted === undefined ? '' : ` {"accepted": ${accepted}}`}`);
    }
  }

  /** A write the contract says must be refused: 409 and `"accepted": false`. */
  async expectRefused(request: WriteRequest, why: string): Promise<void> {
    const { status, accepted } = await this.write(request);
    if (status !== 409 || accepted !== false) {
      throw new CheckFailure(`${why}: expected 409 {"accepted": false}, got ${status}${accepted === undefined ? '' : ` {"accepted": ${accepted}}`}`);
    }
  }

  async register(token: unknown, log = true): Promise<number> {
    return (await this.send('POST', '/register', JSON.stringify({ token }), log)).status;
  }

  /** Sends a raw body (not necessarily JSON) and returns the status. */
  async raw(path: '/write' | '/register', body: string): Promise<number> {
    return (await this.send('POST', path, body, true)).status;
  }

  async state(log = true): Promise<SinkState> {
    const answer = await this.send('GET', '/state', undefined, log);
    if (answer.status !== 200) throw new CheckFailure(`GET /state: expected 200, got ${answer.status}`);
    return parseState(answer.json, answer.text);
  }

  async expectState(expected: Partial<SinkState>, why: string): Promise<SinkState> {
    const state = await this.state();
    for (const key of Object.keys(expected) as (keyof SinkState)[]) {
      if (state[key] !== expected[key]) {
        throw new CheckFailure(`${why}: expected ${key} ${JSON.stringify(expected[key])}, /state says ${JSON.stringify(state[key])}`);
      }
    }
    return state;
  }

  private async send(method: 'GET' | 'POST', path: string, body: string | undefined, log: boolean) {
    let answer: Awaited<ReturnType<typeof sendToSink>>;
    try {
      answer = await sendToSink(this.sink.port, method, path, body);
    } catch (err) {
      throw new CheckFailure(`${method} ${path}${body ? ` ${body}` : ''}: ${errorMessage(err)}`);
    }
    if (log && this.exchanges.length < MAX_LOGGED) {
      this.exchanges.push({ sent: `${method} ${path}${body === undefined ? '' : ` ${body}`}`, status: answer.status, answered: answer.text.slice(0, 120) });
    } else {
      this.unlogged++;
    }
    return answer;
  }
}

function parseState(json: unknown, text: string): SinkState {
  const o = json as Record<string, unknown> | undefined;
  const bad = (what: string) => new CheckFailure(`GET /state: ${what} (answered ${text.slice(0, 80) || 'nothing'})`);
  if (!o || typeof o !== 'object') throw bad('expected a JSON object {"value", "mark", "applied"}');
  const { value, mark, applied } = o;
  if (value !== null && typeof value !== 'string') throw bad('"value" must be a string or null');
  if (mark !== null && !Number.isInteger(mark)) throw bad('"mark" must be an integer or null');
  if (!Number.isInteger(applied)) throw bad('"applied" must be an integer');
  return { value, mark: mark as number | null, applied: applied as number };
}
