import { StringDecoder } from "node:string_decoder";

/** Longest line kept for analysis; the rest of a longer line is counted, never held. */
export const MAX_ANALYSED_LINE_CHARS = 4096;

// Colour and cursor escapes (CSI and OSC sequences) are noise to a reader and would make
// identical lines from a coloured and a plain run look different.
const ANSI = /\u001b(?:\[[0-9;?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)|[@-Z\\-_])/g;

export function stripAnsi(line: string): string {
  return line.includes("\u001b") ? line.replace(ANSI, "") : line;
}

/**
 * Cuts a stream of chunks into lines with bounded memory: a line longer than
 * `MAX_ANALYSED_LINE_CHARS` keeps its head and drops the rest as it arrives, so a
 * 100 MB log with no newline costs no more than a short one. `\r\n`, `\n` and a lone
 * `\r` (progress bars redrawing a line) all end a line. Chunks may split a UTF-8
 * character or a `\r\n` pair; the decoder and the pending-CR flag join them.
 */
export class LineSplitter {
  private readonly decoder = new StringDecoder("utf8");
  private partial = "";
  private partialCut = false;
  private pendingCR = false;

  constructor(private readonly onLine: (line: string, cut: boolean) => void) {}

  push(chunk: string | Buffer): void {
    this.scan(typeof chunk === "string" ? chunk : this.decoder.write(chunk));
  }

  end(): void {
    this.scan(this.decoder.end());
    if (this.partial !== "" || this.partialCut) this.emit();
  }

  private scan(text: string): void {
    let start = 0;
    if (this.pendingCR && text.length > 0) {
      this.pendingCR = false;
      if (text.charCodeAt(0) === 10) start = 1;
    }
    for (let i = start; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code !== 10 && code !== 13) continue;
      this.append(text, start, i);
      this.emit();
      if (code === 13) {
        if (i + 1 < text.length) {
          if (text.charCodeAt(i + 1) === 10) i++;
        } else this.pendingCR = true;
      }
      start = i + 1;
    }
    this.append(text, start, text.length);
  }

  private append(text: string, from: number, to: number): void {
    if (to <= from) return;
    const room = MAX_ANALYSED_LINE_CHARS - this.partial.length;
    if (room <= 0) {
      this.partialCut = true;
      return;
    }
    if (to - from > room) {
      this.partial += text.slice(from, from + room);
      this.partialCut = true;
    } else this.partial += text.slice(from, to);
  }

  private emit(): void {
    // A slice of the decoded chunk keeps the whole chunk alive for as long as the line is
    // kept (V8 sliced strings), so lines the digest remembers would pin 64 KB each; a
    // copy through a short concatenation holds only the line's own characters.
    const line = this.partial.length === 0 ? "" : ` ${this.partial}`.slice(1);
    const cut = this.partialCut;
    this.partial = "";
    this.partialCut = false;
    this.onLine(line, cut);
  }
}
