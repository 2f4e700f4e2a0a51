// The shipped solution of etcd-lock: one txn creates the key on the lease
// only if its create revision is 0 (nobody holds it); the token is the
// revision the txn created it at.

const b64 = (text) => Buffer.from(text).toString('base64');

async function etcd(endpoint, path, body) {
  const res = await fetch(`${endpoint}${path}`, { method: 'POST', body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
  return res.json();
}

export async function acquire(endpoint, key, ttlSeconds) {
  const lease = await etcd(endpoint, '/v3/lease/grant', { TTL: ttlSeconds });
  const txn = await etcd(endpoint, '/v3/kv/txn', {
    compare: [{ key: b64(key), target: 'CREATE', result: 'EQUAL', create_revision: '0' }],
    success: [{ request_put: { key: b64(key), value: b64('held'), lease: lease.ID } }],
    failure: [],
  });
  if (!txn.succeeded) {
    await etcd(endpoint, '/v3/lease/revoke', { ID: lease.ID });
    return null;
  }
  // The txn created the key: its create revision is the revision of this txn.
  return { token: Number(txn.header.revision), lease: lease.ID };
}
