/**
 * A by-id collection that also keeps its keys in insertion order in an array (the `Map`'s own order, which a `Map`
 * can only walk from the start): a list's newest records are read from the end of it, so a first page costs its size,
 * not the collection's. The sandbox never removes records today; a removal keeps the order exact (and is counted, so
 * that the indexes built over positions start again).
 */
export class RecordMap<V> extends Map<string, V> {
  /** The keys, oldest first, as the `Map` iterates them. */
  readonly order: string[] = [];
  /** How many times keys left (positions in {@link order} moved). */
  removals = 0;

  override set(key: string, value: V): this {
    if (!super.has(key)) this.order.push(key);
    return super.set(key, value);
  }

  override delete(key: string): boolean {
    if (!super.delete(key)) return false;
    this.order.splice(this.order.indexOf(key), 1);
    this.removals++;
    return true;
  }

  override clear(): void {
    super.clear();
    this.order.length = 0;
    this.removals++;
  }

  /** The record with this key, read without notice (a list reads, never changes, what it shows). */
  peek(key: string): V | undefined {
    return super.get(key);
  }
}
