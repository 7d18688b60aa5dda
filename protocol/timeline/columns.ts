/**
 * Growable typed columns and a string interner: the index keeps one number per row or event
 * instead of one object, so ten million events cost tens of bytes each, not hundreds.
 */

type TypedArray = Float64Array | Int32Array | Uint8Array | Uint32Array;
type TypedCtor<A extends TypedArray> = new (length: number) => A;

/** A typed array that doubles when full. `data` may be longer than `length`: read below it. */
export class Column<A extends TypedArray> {
  data: A;
  length = 0;

  constructor(
    private readonly ctor: TypedCtor<A>,
    capacity = 1024,
    private readonly fill = 0,
  ) {
    this.data = new ctor(capacity);
    if (fill !== 0) this.data.fill(fill);
  }

  push(value: number): number {
    if (this.length === this.data.length) this.grow(this.length + 1);
    this.data[this.length] = value;
    return this.length++;
  }

  /** Makes indexes below `length` valid, new ones holding the fill value. */
  ensure(length: number): void {
    if (length > this.data.length) this.grow(length);
    this.length = Math.max(this.length, length);
  }

  get(i: number): number {
    return this.data[i] ?? this.fill;
  }

  /** The values below `length`, as bytes (a view, not a copy): what a saved index holds. */
  bytes(): Uint8Array {
    return new Uint8Array(this.data.buffer, this.data.byteOffset, this.length * this.data.BYTES_PER_ELEMENT);
  }

  /** Takes over values read back from a saved index. */
  restore(data: A): void {
    this.data = data;
    this.length = data.length;
  }

  set(i: number, value: number): void {
    this.data[i] = value;
  }

  private grow(min: number): void {
    let capacity = Math.max(16, this.data.length * 2);
    while (capacity < min) capacity *= 2;
    const next = new this.ctor(capacity);
    next.set(this.data);
    if (this.fill !== 0) next.fill(this.fill, this.data.length);
    this.data = next;
  }
}

export const f64 = (capacity?: number, fill = 0): Column<Float64Array> => new Column(Float64Array, capacity, fill);
export const i32 = (capacity?: number, fill = 0): Column<Int32Array> => new Column(Int32Array, capacity, fill);
export const u8 = (capacity?: number): Column<Uint8Array> => new Column(Uint8Array, capacity);

/** Strings seen many times (connections, methods, rule ids) stored once, referred to by number. */
export class Interner {
  readonly values: string[] = [];
  private readonly ids = new Map<string, number>();

  id(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(value, id);
    }
    return id;
  }

  /** Takes over the strings of a saved index, in their id order. */
  restore(values: readonly string[]): void {
    for (const value of values) this.id(value);
  }

  /** The id of a string already seen, or -1. */
  find(value: string): number {
    return this.ids.get(value) ?? -1;
  }

  at(id: number): string | undefined {
    return id < 0 ? undefined : this.values[id];
  }
}
