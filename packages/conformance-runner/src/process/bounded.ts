/** Text kept up to a bound: what an implementation writes beyond it is counted, not stored. */
export class BoundedText {
  private text = "";
  /** characters dropped because the bound was reached */
  dropped = 0;

  constructor(private readonly max: number) {}

  push(chunk: string): void {
    const room = this.max - this.text.length;
    if (room >= chunk.length) this.text += chunk;
    else {
      this.text += chunk.slice(0, Math.max(0, room));
      this.dropped += chunk.length - Math.max(0, room);
    }
  }

  toString(): string {
    return this.text;
  }
}
