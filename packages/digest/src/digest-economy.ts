/**
 * What a digest saved: every digest reports the bytes it read, the bytes of its own
 * compact JSON report and the share saved, so agents (and the token-savings report)
 * can see the trade without re-measuring.
 */
export interface DigestEconomy {
  input_bytes: number;
  output_bytes: number;
  /** 0–100, one decimal; 0 when the report is not smaller than its input. */
  saved_percent: number;
}

export function measureEconomy(inputBytes: number, report: unknown): DigestEconomy {
  const outputBytes = Buffer.byteLength(JSON.stringify(report) ?? "", "utf8");
  const saved = inputBytes > 0 ? Math.max(0, (1 - outputBytes / inputBytes) * 100) : 0;
  return { input_bytes: inputBytes, output_bytes: outputBytes, saved_percent: Math.round(saved * 10) / 10 };
}

/** The report with its `economy` field added, measured on the report without it. */
export function withEconomy<T extends object>(inputBytes: number, report: T): T & { economy: DigestEconomy } {
  return { ...report, economy: measureEconomy(inputBytes, report) };
}
