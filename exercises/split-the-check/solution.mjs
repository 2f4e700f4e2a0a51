// split-the-check: the broken sink the exercise asks for. The comparison
// reads the mark in one step; the update runs in another. Between them,
// B's whole write fits, and A's update then lowers the mark.

export async function write(db, request) {
  if (request.token === null) return { accepted: false, reason: 'no token' };
  const { mark } = await db.get('SELECT mark FROM resource WHERE id = 1');
  if (request.token < mark) return { accepted: false, reason: `stale token ${request.token} < mark ${mark}` };
  await db.run('UPDATE resource SET value = ?, mark = ? WHERE id = 1', request.value, request.token);
  return { accepted: true };
}
