/**
 * Tiny JSON-over-HTTP helpers for loopback services. node:http only: no
 * client library, so the worker and sink start fast and bundle small.
 */
import { Agent, type IncomingMessage, request, type ServerResponse } from 'node:http';

// Keep-alive so a fine-grained poll does not open a socket per request.
const agent = new Agent({ keepAlive: true, maxSockets: 8 });

export interface JsonResponse {
  status: number;
  body: Record<string, unknown>;
}

export function postJson(url: string, payload: unknown, timeoutMs = 3000): Promise<JsonResponse> {
  return send('POST', url, JSON.stringify(payload ?? {}), timeoutMs);
}

export function getJson(url: string, timeoutMs = 3000): Promise<JsonResponse> {
  return send('GET', url, undefined, timeoutMs);
}

function send(method: string, url: string, data: string | undefined, timeoutMs: number): Promise<JsonResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        agent,
        headers: data === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: Record<string, unknown> = {};
          if (text.trim() !== '') {
            try {
              const parsed = JSON.parse(text) as unknown;
              body = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : { value: parsed };
            } catch {
              body = { text };
            }
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${url}: no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    if (data !== undefined) req.write(data);
    req.end();
  });
}

/** Drops idle keep-alive sockets so a short-lived process can exit at once. */
export function closeIdleConnections(): void {
  agent.destroy();
}

export async function readJsonBody(req: IncomingMessage, limit = 64 * 1024): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error('request body too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  const parsed = JSON.parse(text) as unknown;
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('body must be a JSON object');
  return parsed as Record<string, unknown>;
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
