// Exercise: split-the-check (lesson 6, "Atomic versus split checks").
//
// This sink is correct: it reads the mark, compares and writes inside one
// transaction. TASK: break it the way lesson 6 describes, to see the race:
//   - read the mark and compare OUTSIDE the write (its own db call);
//   - then update the value and set the mark to the request's token in a
//     second step, with no second look at the mark.
// The check passes when the adversary shows A's stale write landing after
// B's and the mark falling back to A's token. A late write that arrives
// after B's must still be refused (the comparison is still there).
//
// db: await db.get(sql, ...params), db.run(...), db.transaction(async (tx) => ...).
// Table: resource (id = 1, value TEXT, mark INTEGER, 0 at first).
// Check with: fence-tutor exercise check split-the-check

export async function write(db, request) {
  if (request.token === null) return { accepted: false, reason: 'no token' };
  return db.transaction(async (tx) => {
    const { mark } = await tx.get('SELECT mark FROM resource WHERE id = 1');
    if (request.token < mark) return { accepted: false, reason: `stale token ${request.token} < mark ${mark}` };
    await tx.run('UPDATE resource SET value = ?, mark = ? WHERE id = 1', request.value, request.token);
    return { accepted: true };
  });
}
