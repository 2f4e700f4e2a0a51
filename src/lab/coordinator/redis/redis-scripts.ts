/**
 * The Lua scripts the Redis lock runs server-side, each one atomic (Redis
 * runs a script alone). From Redis's "Distributed Locks with Redis" page
 * (redis.io/docs/latest/develop/use/patterns/distributed-locks/, "Correct
 * Implementation with a Single Instance"): the lock is `SET key value NX PX
 * ttl` with a random value, released only by the holder of that value.
 */

/** Release: delete the key only if it still holds our value (never someone else's lock). */
export const RELEASE_SCRIPT = `if redis.call("get", KEYS[1]) == ARGV[1] then
  return redis.call("del", KEYS[1])
else
  return 0
end`;

/** Renew: extend the key's expiry only if it still holds our value. */
export const RENEW_SCRIPT = `if redis.call("get", KEYS[1]) == ARGV[1] then
  return redis.call("pexpire", KEYS[1], ARGV[2])
else
  return 0
end`;

/**
 * Acquire and mint a token in one step: SET NX PX, and only if it succeeded
 * INCR the counter. Two round trips would let a client stopped between them
 * hold the lock with a token below its successor's.
 */
export const ACQUIRE_WITH_TOKEN_SCRIPT = `if redis.call("set", KEYS[1], ARGV[1], "NX", "PX", ARGV[2]) then
  return redis.call("incr", KEYS[2])
else
  return false
end`;
