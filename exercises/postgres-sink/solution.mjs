// postgres-sink: a solution. The comparison is part of the UPDATE: at READ
// COMMITTED, an UPDATE that waits on a row another transaction is changing
// evaluates its WHERE again on the committed row once that transaction ends
// (PostgreSQL documentation, 13.2.1), so a stale token changes no row,
// whatever ran in between. One statement: no transaction is needed.

export async function write(db, request) {
  if (request.token === null || request.token === undefined) {
    return { accepted: false, reason: 'no token' };
  }
  const { changes } = await db.run(
    'UPDATE resource SET value = ?, mark = ? WHERE id = 1 AND mark <= ?',
    request.value,
    request.token,
    request.token,
  );
  if (changes === 0) return { accepted: false, reason: `stale token ${request.token}: the mark is higher` };
  return { accepted: true };
}
