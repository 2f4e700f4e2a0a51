// fence-the-sink: a solution. The comparison and both updates happen in one
// immediate transaction, so no other write can land between them.

export async function write(db, request) {
  if (request.token === null || request.token === undefined) {
    return { accepted: false, reason: 'no token' };
  }
  return db.transaction(async (tx) => {
    const { mark } = await tx.get('SELECT mark FROM resource WHERE id = 1');
    if (request.token < mark) {
      return { accepted: false, reason: `stale token ${request.token} < mark ${mark}` };
    }
    await tx.run('UPDATE resource SET value = ?, mark = ? WHERE id = 1', request.value, request.token);
    return { accepted: true };
  });
}
