/**
 * The C relay's frames (relay.c): type (1 byte), length (4 bytes), CLOCK_MONOTONIC time in ns
 * (8 bytes), both little-endian, then the bytes. A frame may arrive in any number of reads.
 */
export interface RelayFrame {
  type: number;
  /** When the relay passed the chunk on, on the clock process.hrtime.bigint() reads. */
  ns: bigint;
  bytes: Buffer;
}

const HEAD = 13;

export class RelayFrames {
  private held: Buffer[] = [];
  private heldBytes = 0;
  /** How many bytes the held frame needs before it can be read (a huge line comes in many reads). */
  private needed = 0;

  constructor(private readonly onFrame: (frame: RelayFrame) => void) {}

  push(chunk: Buffer): void {
    let data = chunk;
    if (this.heldBytes > 0) {
      this.held.push(chunk);
      this.heldBytes += chunk.length;
      if (this.heldBytes < this.needed) return;
      data = Buffer.concat(this.held, this.heldBytes);
      this.held = [];
      this.heldBytes = 0;
    }
    let at = 0;
    while (data.length - at >= HEAD) {
      const length = data.readUInt32LE(at + 1);
      if (data.length - at - HEAD < length) break;
      // A view, not a copy: the chunk is never reused, and the recorder lets go of it soon.
      this.onFrame({ type: data[at] ?? 0, ns: data.readBigUInt64LE(at + 5), bytes: data.subarray(at + HEAD, at + HEAD + length) });
      at += HEAD + length;
    }
    if (at < data.length) {
      this.held.push(data.subarray(at));
      this.heldBytes = data.length - at;
      this.needed = this.heldBytes >= HEAD ? HEAD + data.readUInt32LE(at + 1) : HEAD;
    }
  }
}
