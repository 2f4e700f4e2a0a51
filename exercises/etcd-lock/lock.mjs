// Exercise: etcd-lock (lesson 5, "A concrete implementation: etcd mints, SQLite checks").
//
// TASK: take a lock from etcd through its JSON gateway, with fetch alone:
//   - grant a lease of ttlSeconds (done below);
//   - create the key on that lease only if nobody holds it: ONE txn that
//     compares the key's create revision with 0 and puts the key (with the
//     lease) when it matches;
//   - return { token, lease } when you got the lock, null when someone else
//     holds it (revoke the lease you granted for nothing);
//   - the token is the key's create revision (a number), never the lease ID.
//
// etcd 3.4's gateway takes and answers JSON at `${endpoint}/v3/...`; keys and
// values are base64, 64-bit numbers are strings in its answers:
//   POST /v3/lease/grant  {"TTL": 5}                    -> {"ID": "7587..."}
//   POST /v3/kv/txn       {"compare": [...], "success": [...], "failure": [...]}
//                                                       -> {"succeeded": true, "header": {"revision": "12"}}
//   POST /v3/lease/revoke {"ID": "7587..."}
// Check with: fence-tutor exercise check etcd-lock

const b64 = (text) => Buffer.from(text).toString('base64');

async function etcd(endpoint, path, body) {
  const res = await fetch(`${endpoint}${path}`, { method: 'POST', body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
  return res.json();
}

export async function acquire(endpoint, key, ttlSeconds) {
  const lease = await etcd(endpoint, '/v3/lease/grant', { TTL: ttlSeconds });
  // This puts the key whether or not someone holds it, and uses the lease ID as the token.
  await etcd(endpoint, '/v3/kv/put', { key: b64(key), value: b64('held'), lease: lease.ID });
  return { token: Number(lease.ID), lease: lease.ID };
}
