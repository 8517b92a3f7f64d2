import { RecordMap } from './record-map.js';

/** A by-id collection that notes which records a request reached (read, written, deleted) or whether it went through all. */
export class TrackedMap<V> extends RecordMap<V> {
  touched = new Set<string>();
  scanned = false;
  constructor(private readonly onTouch: () => void) {
    super();
  }
  /** Fills it from the file, noting nothing. */
  load(key: string, value: V): void {
    super.set(key, value);
  }
  raw(key: string): V | undefined {
    return super.get(key);
  }
  rawKeys(): IterableIterator<string> {
    return super.keys();
  }
  override get(key: string): V | undefined {
    const value = super.get(key);
    // A record read may be changed in place: compared with the file at the end of the request.
    if (value !== undefined) this.touch(key);
    return value;
  }
  override set(key: string, value: V): this {
    super.set(key, value);
    this.touch(key);
    return this;
  }
  override delete(key: string): boolean {
    this.touch(key);
    return super.delete(key);
  }
  override clear(): void {
    this.scan();
    super.clear();
  }
  override values(): MapIterator<V> {
    this.scan();
    return super.values();
  }
  override entries(): MapIterator<[string, V]> {
    this.scan();
    return super.entries();
  }
  override [Symbol.iterator](): MapIterator<[string, V]> {
    this.scan();
    return super.entries();
  }
  override forEach(callback: (value: V, key: string, map: Map<string, V>) => void, thisArg?: unknown): void {
    this.scan();
    super.forEach(callback, thisArg);
  }
  private touch(key: string): void {
    if (this.touched.size === 0) this.onTouch();
    this.touched.add(key);
  }
  private scan(): void {
    this.scanned = true;
    this.onTouch();
  }
}
