/**
 * Splits a byte stream into lines with a bound on line length: an over-long line is reported once
 * (as its first bytes) and the rest of it is dropped, so a flood cannot exhaust memory.
 */
export class LineSplitter {
  private buffer = "";
  private skipping = false;

  constructor(
    private readonly maxLength: number,
    private readonly onLine: (line: string, tooLong: boolean) => void,
  ) {}

  push(chunk: string): void {
    let text = chunk;
    for (;;) {
      const nl = text.indexOf("\n");
      if (nl < 0) break;
      this.take(text.slice(0, nl), true);
      text = text.slice(nl + 1);
    }
    this.take(text, false);
  }

  end(): void {
    if (this.buffer.length > 0 && !this.skipping) this.onLine(this.buffer, false);
    this.buffer = "";
    this.skipping = false;
  }

  private take(part: string, complete: boolean): void {
    if (!this.skipping) {
      this.buffer += part;
      if (this.buffer.length > this.maxLength) {
        this.onLine(this.buffer.slice(0, 200), true);
        this.buffer = "";
        this.skipping = true;
      }
    }
    if (complete) {
      if (!this.skipping)
        this.onLine(this.buffer.endsWith("\r") ? this.buffer.slice(0, -1) : this.buffer, false);
      this.buffer = "";
      this.skipping = false;
    }
  }
}
