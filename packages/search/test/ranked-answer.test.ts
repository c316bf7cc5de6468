import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { enclosingSymbolName } from "@tsift/index/indexer";
import { ftsQuery, mergesAnswer, rankedAnswer, searchProject, searchSymbols } from "../src/index";
import { indexedProject } from "./fixture";

const env = { PATH: "", TSIFT_EXACT_BACKEND: "scan" };

/** Three small functions in one file: the chunker packs them into one chunk. */
const LEDGER = {
  "books/ledger.py": [
    "def open_books(path):",
    "    return open(path)",
    "",
    "def total_payouts(rows):",
    "    return sum(row.amount for row in rows if row.kind == 'payout')",
    "",
    "def close_books(handle):",
    "    handle.close()",
    "",
  ].join("\n"),
  "books/report.py": ["def render_report(rows):", "    return '\\n'.join(str(row) for row in rows)", ""].join("\n"),
};

describe("the ranked answer to a prose query", () => {
  it("points at the function the words describe, not at the first one of its chunk", async () => {
    const project = await indexedProject(LEDGER);
    const db = project.open();
    try {
      const query = "sum the amount of every payout row";
      const answer = rankedAnswer(db, ftsQuery(query), searchSymbols(db, query, { limit: 10 }), { limit: 10 });
      const first = answer[0]!;
      expect([first.path, first.symbol, first.kind, first.start_line, first.end_line]).toEqual(["books/ledger.py", "total_payouts", "function", 4, 5]);
      expect(first.line).toBe(5);
      expect(first.found_by).toContain("text");
    } finally {
      db.close();
    }
  });

  it("keeps every result's line, label and snippet in agreement, and a score of 0 never High", async () => {
    const project = await indexedProject();
    const db = project.open();
    try {
      for (const query of ["retry a failing operation with backoff", "read the user name from the cache", "set the display name of a profile"]) {
        const answer = rankedAnswer(db, ftsQuery(query), searchSymbols(db, query, { limit: 10 }), { limit: 10 });
        expect(answer.length, query).toBeGreaterThan(0);
        for (const item of answer) {
          expect(item.symbol, `${query}: ${item.path}:${item.line}`).toBe(enclosingSymbolName(db, item.path, item.line));
          expect(item.line).toBeGreaterThanOrEqual(item.start_line);
          expect(item.line).toBeLessThanOrEqual(item.end_line);
          const lineText = readFileSync(join(project.root, item.path), "utf8").split("\n")[item.line - 1]!.trim();
          if (item.snippet !== "") expect(item.snippet.split("\n")).toContain(lineText.length > 160 ? `${lineText.slice(0, 159)}…` : lineText);
          if (item.score === 0) expect(item.confidence).not.toBe("High");
        }
        // Ranks are a strict order by score.
        for (let i = 1; i < answer.length; i++) expect(answer[i - 1]!.score).toBeGreaterThanOrEqual(answer[i]!.score);
      }
    } finally {
      db.close();
    }
  });

  it("answers prose with one merged list and keeps symbols first for identifiers", async () => {
    const { root } = await indexedProject();
    const prose = await searchProject({ query: "retry a failing operation with backoff", cwd: root, env });
    expect(prose.data.answer).toBe("merged");
    expect(prose.data.results?.[0]).toMatchObject({ rank: 1, path: "src/retry.ts", symbol: "retryWithBackoff" });
    expect(prose.data.results!.length).toBeLessThanOrEqual(10);
    // The lists the answer merges are still there, unchanged in shape.
    expect(prose.data.symbols.length + prose.data.hits.length).toBeGreaterThan(0);

    const identifier = await searchProject({ query: "getUserName", cwd: root, env, strategy: "lexical" });
    expect(identifier.data.answer).toBe("symbols_first");
    expect(identifier.data.results).toBeUndefined();
    expect(identifier.data.symbols.map((symbol) => symbol.name)).toContain("getUserName");

    const limited = await searchProject({ query: "user name cache", cwd: root, env, limit: 2 });
    expect(limited.data.results!.length).toBeLessThanOrEqual(2);
  });

  it("decides which queries get a merged answer by their shape", () => {
    expect(mergesAnswer("retry with exponential backoff")).toBe(true);
    expect(mergesAnswer("Returns True if all the elements of *iterable* are unique (no two elements are equal).")).toBe(true);
    expect(mergesAnswer("getUserName")).toBe(false);
    expect(mergesAnswer("src/retry.ts")).toBe(false);
    expect(mergesAnswer("retry")).toBe(false);
    expect(mergesAnswer("foo(bar)")).toBe(false);
  });
});
