import { describe, expect, it } from "vitest";
import { CHARS_IN_FLIGHT, extractAll, MAX_JOBS_IN_FLIGHT } from "../src/store/update/extract-pool";

describe("extract pool feeding", () => {
  it("hands a worker enough source to outlast a whole file parsed on the calling thread, before any result", async () => {
    const count = 200;
    const text = `export function f() { return 1; }\n${"// filler\n".repeat(400)}`;
    let prepared = 0;
    let preparedAtFirstResult = -1;
    const results: number[] = [];
    await extractAll(count, {
      workers: 1,
      extractOnCallingThread: false,
      prepare: () => {
        prepared++;
        return { lang: "typescript", text };
      },
      onResult: (index, outcome) => {
        if (preparedAtFirstResult < 0) preparedAtFirstResult = prepared;
        expect(outcome?.ok).toBe(true);
        results.push(index);
      },
    });
    // Two jobs at a time left the worker idle while the calling thread was busy elsewhere.
    expect(preparedAtFirstResult).toBeGreaterThanOrEqual(Math.min(MAX_JOBS_IN_FLIGHT, Math.ceil(CHARS_IN_FLIGHT / text.length)));
    expect(results).toEqual(Array.from({ length: count }, (_, i) => i));
  });
});
