/** A small least-recently-used cache; the simulator's memory stays bounded however long it runs. */
export class LruCache<K, V> {
  private readonly map = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): V {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.capacity) {
      const oldest = this.map.keys().next();
      if (!oldest.done) this.map.delete(oldest.value);
    }
    return value;
  }

  getOrCreate(key: K, create: () => V): V {
    return this.get(key) ?? this.set(key, create());
  }

  get size(): number {
    return this.map.size;
  }
}
