/**
 * How many projects each caller reaches, remembered for a minute: it only chooses how a page is read, so a
 * count a minute old never makes a page wrong, and it saves a query per page. Bounded; oldest out first.
 */
export class ProjectCountCache {
  private readonly counts = new Map<string, { n: number; until: number }>();

  constructor(
    private readonly max = 10_000,
    private readonly ttlMs = 60_000,
  ) {}

  /** The remembered count for `userId`, or `count()`'s answer, kept for ttlMs. */
  async of(userId: string, count: () => Promise<number>): Promise<number> {
    const hit = this.counts.get(userId);
    if (hit && hit.until > Date.now()) return hit.n;
    const n = await count();
    if (this.counts.size >= this.max) this.counts.delete(this.counts.keys().next().value!);
    this.counts.set(userId, { n, until: Date.now() + this.ttlMs });
    return n;
  }
}
