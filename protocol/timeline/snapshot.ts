/**
 * A saved index (docs/adr/0007): a complete journal's folded index written as bytes, so that
 * opening the journal again costs about a download instead of a fold. The bytes are a JSON
 * header, then every column's values as they sit in memory, then the texts as UTF-8, chunk by
 * chunk. Reading them back checks each part against the header, and refuses anything else: a
 * damaged or foreign file, another format, another byte order, another journal.
 */
import { z } from 'zod';
import type { Column } from './columns.js';
import type { Chunk } from './textStore.js';
import { TimelineIndex } from './timelineIndex.js';

/** Bumped whenever what the columns mean changes: an index saved by another format is folded again. */
export const SNAPSHOT_FORMAT = 1;
const MAGIC = 'MCP-LENS-INDEX\n';
/** A header bigger than this is not one we wrote (it holds strings, not columns). */
const HEADER_MAX = 256 * 1024 * 1024;

type Kind = 'u8' | 'i32' | 'f64';
type AnyColumn = Column<Uint8Array> | Column<Int32Array> | Column<Float64Array>;

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** The columns a saved index holds, by name, in the order written. */
function columnsOf(index: TimelineIndex): [string, Kind, AnyColumn][] {
  const { rows, events, findings, texts } = index.fold;
  return [
    ['rows.kind', 'u8', rows.kind],
    ['rows.status', 'u8', rows.status],
    ['rows.direction', 'u8', rows.direction],
    ['rows.worst', 'u8', rows.worst],
    ['rows.round', 'u8', rows.round],
    ['rows.depth', 'i32', rows.depth],
    ['rows.conn', 'i32', rows.conn],
    ['rows.method', 'i32', rows.method],
    ['rows.parent', 'i32', rows.parent],
    ['rows.children', 'i32', rows.children],
    ['rows.findings', 'i32', rows.findings],
    ['rows.firstEvent', 'i32', rows.firstEvent],
    ['rows.lastEvent', 'i32', rows.lastEvent],
    ['rows.events', 'i32', rows.events],
    ['rows.idString', 'i32', rows.idString],
    ['rows.idNumber', 'f64', rows.idNumber],
    ['rows.t0', 'f64', rows.t0],
    ['rows.t1', 'f64', rows.t1],
    ['rows.bytesOut', 'f64', rows.bytesOut],
    ['rows.bytesIn', 'f64', rows.bytesIn],
    ['events.seq', 'f64', events.seq],
    ['events.t', 'f64', events.t],
    ['events.row', 'i32', events.row],
    ['events.next', 'i32', events.next],
    ['events.kind', 'u8', events.kind],
    ['events.stream', 'u8', events.stream],
    ['events.eol', 'u8', events.eol],
    ['events.b64', 'u8', events.b64],
    ['findings.event', 'i32', findings.event],
    ['findings.rule', 'i32', findings.rule],
    ['findings.severity', 'u8', findings.severity],
    ['findings.message', 'i32', findings.message],
    ['findings.spec', 'i32', findings.spec],
    ['texts.starts', 'f64', texts.saved().starts],
  ];
}

const BYTES: Record<Kind, number> = { u8: 1, i32: 4, f64: 8 };

const count = z.number().int().nonnegative();
const headerSchema = z.object({
  format: z.literal(SNAPSHOT_FORMAT),
  littleEndian: z.boolean(),
  /** The size of the journal this index was folded from. */
  journalBytes: count,
  rows: count,
  events: count,
  findings: count,
  lastSeq: z.number().int().min(-1),
  /** null when there were no events (JSON has no Infinity). */
  tMin: z.number().nullable(),
  tMax: z.number().nullable(),
  conns: z.array(z.string()),
  methods: z.array(z.string()),
  idStrings: z.array(z.string()),
  findingStrings: z.array(z.string()),
  revisions: z.array(z.tuple([count, z.string()])),
  connCounts: z.array(z.number().int()),
  methodCounts: z.array(z.number().int()),
  statusCounts: z.array(z.number().int()),
  kindCounts: z.array(z.number().int()),
  longRows: z.array(count),
  columns: z.array(z.object({ name: z.string(), kind: z.enum(['u8', 'i32', 'f64']), length: count })),
  textEnd: count,
  /** Each chunk's bytes follow the columns, each after its length (4 bytes, little-endian). */
  chunks: z.array(z.object({ firstEvent: count, base: count, count, chars: count })),
  /** How far lint had got when the index was saved. */
  lint: z.object({ linted: count, done: z.boolean() }).optional(),
});
type Header = z.infer<typeof headerSchema>;

export interface SnapshotMeta {
  journalBytes: number;
  lint?: { linted: number; done: boolean };
}

/**
 * The bytes of a saved index, in order: views of the index's own memory, except the header and
 * each text chunk, encoded one at a time as they are asked for (a journal's texts can be
 * gigabytes: they are never all encoded at once).
 */
export function* snapshotBytes(index: TimelineIndex, meta: SnapshotMeta): Generator<Uint8Array> {
  const fold = index.fold;
  const columns = columnsOf(index);
  const texts = fold.texts.saved();
  const encoder = new TextEncoder();
  const header: Header = {
    format: SNAPSHOT_FORMAT,
    littleEndian: LITTLE_ENDIAN,
    journalBytes: meta.journalBytes,
    rows: fold.rows.count,
    events: fold.events.count,
    findings: fold.findings.count,
    lastSeq: fold.lastSeq,
    tMin: Number.isFinite(fold.tMin) ? fold.tMin : null,
    tMax: Number.isFinite(fold.tMax) ? fold.tMax : null,
    conns: fold.conns.values,
    methods: fold.methods.values,
    idStrings: fold.rows.idStrings,
    findingStrings: fold.findings.strings.values,
    revisions: [...fold.revisions],
    connCounts: dense(fold.connCounts),
    methodCounts: dense(fold.methodCounts),
    statusCounts: dense(fold.statusCounts),
    kindCounts: dense(fold.kindCounts),
    longRows: [...index.longRowList],
    columns: columns.map(([name, kind, column]) => ({ name, kind, length: column.length })),
    textEnd: texts.end,
    chunks: texts.chunks.map((chunk) => ({ firstEvent: chunk.firstEvent, base: chunk.base, count: chunk.count, chars: chunk.text.length })),
    ...(meta.lint ? { lint: meta.lint } : {}),
  };
  const head = encoder.encode(JSON.stringify(header));
  const prefix = new Uint8Array(MAGIC.length + 4);
  prefix.set(encoder.encode(MAGIC));
  new DataView(prefix.buffer).setUint32(MAGIC.length, head.byteLength, true);
  yield prefix;
  yield head;
  for (const [, , column] of columns) yield column.bytes();
  for (const chunk of texts.chunks) {
    const bytes = encoder.encode(chunk.text);
    const length = new Uint8Array(4);
    new DataView(length.buffer).setUint32(0, bytes.byteLength, true);
    yield length;
    yield bytes;
  }
}

/** Reads exact byte counts from a stream of chunks of any size. */
export class ByteReader {
  private chunks: Uint8Array[] = [];
  private at = 0;
  private buffered = 0;
  /** Bytes taken so far. */
  taken = 0;

  constructor(private readonly next: () => Promise<Uint8Array | undefined>) {}

  /** Exactly `n` bytes in a buffer of their own; undefined when the stream ends first. */
  async take(n: number): Promise<Uint8Array | undefined> {
    while (this.buffered < n) {
      const chunk = await this.next();
      if (!chunk) return undefined;
      if (chunk.byteLength === 0) continue;
      this.chunks.push(chunk);
      this.buffered += chunk.byteLength;
    }
    const out = new Uint8Array(n);
    let filled = 0;
    while (filled < n) {
      const chunk = this.chunks[0];
      if (!chunk) break;
      const part = Math.min(n - filled, chunk.byteLength - this.at);
      out.set(chunk.subarray(this.at, this.at + part), filled);
      filled += part;
      this.at += part;
      if (this.at === chunk.byteLength) {
        this.chunks.shift();
        this.at = 0;
      }
    }
    this.buffered -= n;
    this.taken += n;
    return out;
  }

  /** Whether anything is left after what was taken. */
  async atEnd(): Promise<boolean> {
    while (this.buffered === 0) {
      const chunk = await this.next();
      if (!chunk) return true;
      if (chunk.byteLength === 0) continue;
      this.chunks.push(chunk);
      this.buffered += chunk.byteLength;
    }
    return false;
  }
}

export type SnapshotOutcome = { ok: true; index: TimelineIndex; lint?: { linted: number; done: boolean } } | { ok: false; reason: string };

/**
 * Reads a saved index back. `journalBytes`: the size of the journal it must describe, when
 * known. `onBytes` hears how far the read has got, and may yield.
 */
export async function readSnapshot(
  reader: ByteReader,
  expect: { journalBytes?: number },
  onBytes?: (bytes: number) => Promise<void> | void,
): Promise<SnapshotOutcome> {
  const prefix = await reader.take(MAGIC.length + 4);
  if (!prefix) return { ok: false, reason: 'it is shorter than its own header' };
  if (new TextDecoder().decode(prefix.subarray(0, MAGIC.length)) !== MAGIC)
    return { ok: false, reason: 'it is not a saved MCP Lens index' };
  const headLength = new DataView(prefix.buffer).getUint32(MAGIC.length, true);
  if (headLength > HEADER_MAX) return { ok: false, reason: `its header claims ${headLength} bytes` };
  const headBytes = await reader.take(headLength);
  if (!headBytes) return { ok: false, reason: 'it ends inside its header' };
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(headBytes));
  } catch {
    return { ok: false, reason: 'its header is not JSON' };
  }
  const format = (raw as { format?: unknown } | null)?.format;
  if (format !== SNAPSHOT_FORMAT)
    return { ok: false, reason: `it is in format ${String(format)}, and this version reads format ${SNAPSHOT_FORMAT}` };
  const parsed = headerSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, reason: `its header is not valid at ${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}` };
  }
  const header = parsed.data;
  if (header.littleEndian !== LITTLE_ENDIAN) return { ok: false, reason: 'it was saved on a machine of the other byte order' };
  if (expect.journalBytes !== undefined && header.journalBytes !== expect.journalBytes)
    return { ok: false, reason: `it describes a journal of ${header.journalBytes} bytes, and this one has ${expect.journalBytes}` };

  const index = new TimelineIndex({ lint: false });
  const fold = index.fold;
  const wanted = columnsOf(index);
  if (wanted.length !== header.columns.length)
    return { ok: false, reason: `it has ${header.columns.length} columns, not ${wanted.length}` };
  const lengths: Record<string, number> = {
    rows: header.rows,
    events: header.events,
    findings: header.findings,
    texts: header.events,
  };
  for (let i = 0; i < wanted.length; i++) {
    const [name, kind, column] = wanted[i] ?? [];
    const saved = header.columns[i];
    if (!saved || !column || saved.name !== name || saved.kind !== kind)
      return { ok: false, reason: `its column ${i} is ${saved?.name ?? 'missing'}, not ${name ?? ''}` };
    if (saved.length !== lengths[name?.split('.')[0] ?? ''])
      return { ok: false, reason: `its column ${saved.name} has ${saved.length} values` };
    const bytes = await reader.take(saved.length * BYTES[saved.kind]);
    if (!bytes) return { ok: false, reason: `it ends inside column ${saved.name}` };
    restoreColumn(column, saved.kind, bytes);
    await onBytes?.(reader.taken);
  }
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const chunks: Chunk[] = [];
  let nextEvent = 0;
  for (const saved of header.chunks) {
    if (saved.firstEvent !== nextEvent) return { ok: false, reason: `its text chunks skip from event ${nextEvent} to ${saved.firstEvent}` };
    nextEvent += saved.count;
    const length = await reader.take(4);
    const bytes = length && (await reader.take(new DataView(length.buffer).getUint32(0, true)));
    if (!bytes) return { ok: false, reason: 'it ends inside its texts' };
    let text: string;
    try {
      text = decoder.decode(bytes);
    } catch {
      return { ok: false, reason: 'its texts are not UTF-8' };
    }
    if (text.length !== saved.chars) return { ok: false, reason: 'a text chunk has another length than its header says' };
    chunks.push({ text, firstEvent: saved.firstEvent, base: saved.base, count: saved.count });
    await onBytes?.(reader.taken);
  }
  if (nextEvent !== header.events) return { ok: false, reason: `its texts cover ${nextEvent} events, not ${header.events}` };
  if (!(await reader.atEnd())) return { ok: false, reason: 'it goes on after its last text' };
  if (!inRange(index, header)) return { ok: false, reason: 'its rows and events point outside each other' };

  // The texts' starts column was filled with the others.
  fold.texts.restore(header.textEnd, chunks);
  fold.conns.restore(header.conns);
  fold.methods.restore(header.methods);
  // One by one: a spread of a few hundred thousand ids would overflow the stack.
  for (const id of header.idStrings) fold.rows.idStrings.push(id);
  fold.findings.strings.restore(header.findingStrings);
  for (const [conn, revision] of header.revisions) fold.revisions.set(conn, revision);
  for (const [into, from] of [
    [fold.connCounts, header.connCounts],
    [fold.methodCounts, header.methodCounts],
    [fold.statusCounts, header.statusCounts],
    [fold.kindCounts, header.kindCounts],
  ] as const)
    for (const n of from) into.push(n);
  fold.tMin = header.tMin ?? Infinity;
  fold.tMax = header.tMax ?? -Infinity;
  fold.lastSeq = header.lastSeq;
  fold.sealed = true;
  index.restored(header.longRows);
  return { ok: true, index, ...(header.lint ? { lint: header.lint } : {}) };
}

function restoreColumn(column: AnyColumn, kind: Kind, bytes: Uint8Array): void {
  // `take` gives each part a buffer of its own, starting at 0: aligned for any element size.
  const buffer = bytes.buffer as ArrayBuffer;
  switch (kind) {
    case 'u8':
      (column as Column<Uint8Array>).restore(new Uint8Array(buffer));
      return;
    case 'i32':
      (column as Column<Int32Array>).restore(new Int32Array(buffer));
      return;
    case 'f64':
      (column as Column<Float64Array>).restore(new Float64Array(buffer));
      return;
    default: {
      const never: never = kind;
      return never;
    }
  }
}

/**
 * The links a query follows (row to event, event to row, row to parent) stay inside the tables,
 * so a damaged file that passed every length check still cannot send a query out of bounds.
 */
function inRange(index: TimelineIndex, header: Header): boolean {
  const { rows, events } = index.fold;
  const within = (data: Int32Array, limit: number, min = 0): boolean => {
    for (let i = 0; i < data.length; i++) {
      const v = data[i] ?? 0;
      if (v < min || v >= limit) return false;
    }
    return true;
  };
  const rowCount = header.rows;
  const eventCount = header.events;
  return (
    within(rows.firstEvent.data, Math.max(eventCount, 1)) &&
    within(rows.lastEvent.data, Math.max(eventCount, 1)) &&
    within(rows.parent.data, rowCount, -1) &&
    within(rows.conn.data, header.conns.length, -1) &&
    within(rows.method.data, header.methods.length, -1) &&
    within(rows.idString.data, header.idStrings.length, -1) &&
    within(events.row.data, Math.max(rowCount, 1)) &&
    within(events.next.data, eventCount, -1) &&
    within(index.fold.findings.event.data, Math.max(eventCount, 1)) &&
    within(index.fold.findings.rule.data, header.findingStrings.length) &&
    within(index.fold.findings.message.data, header.findingStrings.length) &&
    within(index.fold.findings.spec.data, header.findingStrings.length) &&
    header.longRows.every((row) => row < rowCount)
  );
}

/** Counts kept in plain arrays can have holes (a code never seen): JSON would write them as null. */
function dense(values: number[]): number[] {
  return Array.from(values, (v) => v ?? 0);
}
