/**
 * The fenced counter redo-on-reject's worker writes to: a loopback HTTP
 * server in the tutor's process (the tutor's code, not the learner's: the
 * learner's worker talks to it from its own process). It keeps every write
 * it was sent, so the checks can say what landed, under which token.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CounterWrite {
  writer: string;
  token: number;
  value: number;
  status: 200 | 409;
}

export interface CounterSink {
  url: string;
  value(): number;
  writes(): CounterWrite[];
  /** The tutor's own write (the new holder B), fenced like any other. */
  write(writer: string, token: number, value: number): CounterWrite;
  close(): Promise<void>;
}

export async function startCounterSink(): Promise<CounterSink> {
  let value = 0;
  let mark = -1;
  const log: CounterWrite[] = [];
  const write = (writer: string, token: number, next: number): CounterWrite => {
    const accepted = token >= mark;
    if (accepted) {
      value = next;
      mark = token;
    }
    const entry: CounterWrite = { writer, token, value: next, status: accepted ? 200 : 409 };
    log.push(entry);
    return entry;
  };
  const server: Server = createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url !== '/counter') return answer(404, { error: 'not found' });
    if (req.method === 'GET') return answer(200, { value });
    let text = '';
    req.on('data', (c: Buffer) => {
      if (text.length < 4096) text += c.toString('utf8');
    });
    req.on('end', () => {
      try {
        const body = JSON.parse(text) as { writer?: unknown; token?: unknown; value?: unknown };
        if (!Number.isInteger(body.token) || !Number.isInteger(body.value)) return answer(400, { error: 'token and value must be integers' });
        const entry = write(String(body.writer ?? '?'), body.token as number, body.value as number);
        answer(entry.status, entry.status === 200 ? { accepted: true } : { accepted: false, reason: `stale token ${entry.token} < mark ${mark}` });
      } catch {
        answer(400, { error: 'the body is not JSON' });
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    value: () => value,
    writes: () => [...log],
    write,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
