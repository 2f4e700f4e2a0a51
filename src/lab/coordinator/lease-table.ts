/**
 * The embedded coordinator's state: leases that expire `ttl` after their last
 * renewal, and lock keys created only if absent, tied to a lease. Every
 * change bumps one revision, and a key's token is the revision at which it
 * was created (etcd's create_revision). The revision is handed to `persist`
 * before any answer that depends on it, so tokens keep increasing across
 * runs and restarts. Time comes from `now`, so tests need no clock.
 */

export interface LeaseInfo {
  id: string;
  ttlMs: number;
  expiresAt: number;
  keys: Set<string>;
}

export interface KeyInfo {
  createRevision: number;
  leaseId: string;
}

export type AcquireResult =
  | { acquired: true; token: number; revision: number }
  | { acquired: false; reason: 'held'; holder: KeyInfo; revision: number }
  | { acquired: false; reason: 'no-lease'; revision: number };

export class LeaseTable {
  private revision: number;
  private nextLease = 1;
  private readonly leases = new Map<string, LeaseInfo>();
  private readonly keys = new Map<string, KeyInfo>();

  constructor(
    startRevision: number,
    private readonly now: () => number,
    private readonly persist: (revision: number) => void,
  ) {
    this.revision = startRevision;
  }

  currentRevision(): number {
    this.expireDue();
    return this.revision;
  }

  grant(ttlMs: number): LeaseInfo {
    this.expireDue();
    const id = `${Date.now().toString(36)}-${this.nextLease++}`;
    const lease: LeaseInfo = { id, ttlMs, expiresAt: this.now() + ttlMs, keys: new Set() };
    this.leases.set(id, lease);
    return lease;
  }

  /** Renews a live lease; undefined once it has expired or been revoked. */
  keepAlive(id: string): LeaseInfo | undefined {
    this.expireDue();
    const lease = this.leases.get(id);
    if (!lease) return undefined;
    lease.expiresAt = this.now() + lease.ttlMs;
    return lease;
  }

  revoke(id: string): number {
    this.expireDue();
    const lease = this.leases.get(id);
    if (lease) this.drop(lease);
    return this.revision;
  }

  /** The lock: create `key` only if absent, attached to `leaseId`. */
  acquire(key: string, leaseId: string): AcquireResult {
    this.expireDue();
    const lease = this.leases.get(leaseId);
    if (!lease) return { acquired: false, reason: 'no-lease', revision: this.revision };
    const holder = this.keys.get(key);
    if (holder) return { acquired: false, reason: 'held', holder, revision: this.revision };
    const token = this.bump();
    this.keys.set(key, { createRevision: token, leaseId });
    lease.keys.add(key);
    return { acquired: true, token, revision: token };
  }

  lookup(key: string): KeyInfo | undefined {
    this.expireDue();
    return this.keys.get(key);
  }

  deletePrefix(prefix: string): number {
    this.expireDue();
    let deleted = 0;
    for (const [key, info] of this.keys) {
      if (!key.startsWith(prefix)) continue;
      this.keys.delete(key);
      this.leases.get(info.leaseId)?.keys.delete(key);
      deleted++;
    }
    if (deleted > 0) this.bump();
    return deleted;
  }

  /** Ends every lease whose time is up, deleting its keys (one revision per deletion, as etcd does). */
  expireDue(): void {
    const now = this.now();
    for (const lease of this.leases.values()) {
      if (lease.expiresAt <= now) this.drop(lease);
    }
  }

  private drop(lease: LeaseInfo): void {
    this.leases.delete(lease.id);
    for (const key of lease.keys) {
      if (this.keys.delete(key)) this.bump();
    }
  }

  private bump(): number {
    this.revision += 1;
    this.persist(this.revision);
    return this.revision;
  }
}
