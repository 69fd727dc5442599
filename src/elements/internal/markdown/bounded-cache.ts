/**
 * A map that keeps at most `budget` characters' worth of entries (each entry says its size),
 * dropping the oldest first: texts scrolled back and forth are worked on once, while a flood of
 * huge texts is not kept.
 */
export class BoundedCache<V> {
  private readonly entries = new Map<string, { value: V; size: number }>();
  private used = 0;

  constructor(private readonly budget: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  set(key: string, value: V, size: number): void {
    if (size > this.budget || this.entries.has(key)) return;
    // Oldest first: a Map iterates in insertion order.
    for (const [oldKey, old] of this.entries) {
      if (this.used + size <= this.budget) break;
      this.entries.delete(oldKey);
      this.used -= old.size;
    }
    this.entries.set(key, { value, size });
    this.used += size;
  }
}
