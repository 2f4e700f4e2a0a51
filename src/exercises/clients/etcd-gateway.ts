/**
 * The tutor's own look at etcd while checking etcd-lock: what the key holds
 * (its create revision and lease), a lease revoked as if its holder died,
 * the run's keys deleted. fetch on the JSON gateway, like the learner's code.
 */
const b64 = (text: string) => Buffer.from(text).toString('base64');

async function call(endpoint: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${endpoint}${path}`, { method: 'POST', body: JSON.stringify(body), signal: AbortSignal.timeout(3000) });
  if (!res.ok) throw new Error(`etcd ${path}: HTTP ${res.status}`);
  return (await res.json()) as Record<string, unknown>;
}

export interface KeyInfo {
  createRevision: number;
  /** The lease ID as etcd writes it (a decimal string), or undefined when the key has none. */
  lease: string | undefined;
}

export async function readKey(endpoint: string, key: string): Promise<KeyInfo | undefined> {
  const res = await call(endpoint, '/v3/kv/range', { key: b64(key) });
  const kv = (res.kvs as { create_revision?: string; lease?: string }[] | undefined)?.[0];
  if (!kv) return undefined;
  return { createRevision: Number(kv.create_revision), lease: kv.lease && kv.lease !== '0' ? String(kv.lease) : undefined };
}

export async function revokeLease(endpoint: string, lease: string): Promise<void> {
  await call(endpoint, '/v3/lease/revoke', { ID: lease }).catch(() => undefined);
}

export async function deletePrefix(endpoint: string, prefix: string): Promise<void> {
  const end = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
  await call(endpoint, '/v3/kv/deleterange', { key: b64(prefix), range_end: b64(end) }).catch(() => undefined);
}
