// early-write: a solution. register raises the mark in one transaction and
// never lowers it; write is unchanged.

export async function write(db, request) {
  if (request.token === null) return { accepted: false, reason: 'no token' };
  return db.transaction(async (tx) => {
    const { mark } = await tx.get('SELECT mark FROM resource WHERE id = 1');
    if (request.token < mark) return { accepted: false, reason: `stale token ${request.token} < mark ${mark}` };
    await tx.run('UPDATE resource SET value = ?, mark = ? WHERE id = 1', request.value, request.token);
    return { accepted: true };
  });
}

export async function register(db, token) {
  await db.run('UPDATE resource SET mark = ? WHERE id = 1 AND mark < ?', token, token);
}
