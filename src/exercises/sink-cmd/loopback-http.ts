/**
 * The black-box checker's HTTP client: node:http only, one connection per
 * request (agent: false) so two overlapping requests really reach the sink
 * on two sockets at once, and the raw body is ours to send (the contract's
 * 400 checks send bodies that are not JSON at all).
 */
import { request } from 'node:http';

export interface SinkAnswer {
  status: number;
  /** The parsed JSON body, or undefined when the body was empty or not JSON. */
  json: unknown;
  /** The raw body, cut to 500 characters (it ends up in a report). */
  text: string;
}

export function sendToSink(port: number, method: 'GET' | 'POST', path: string, body?: string, timeoutMs = 3000): Promise<SinkAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> =
      body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
    const req = request({ host: '127.0.0.1', port, method, path, headers, agent: false, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        // A sink that streams forever must not fill our memory.
        size += chunk.length;
        if (size <= 64 * 1024) chunks.push(chunk);
      });
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = text.trim() === '' ? undefined : JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, json, text: text.slice(0, 500) });
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}
