import { describe, expect, it } from "vitest";
import { exactBackend, exactSearch, lexicalSearch, searchSymbols } from "../src/index";
import { indexedProject } from "./fixture";

const project = await indexedProject();

describe("lexicalSearch (BM25 over enriched chunks)", () => {
  it("ranks the chunk that describes the behaviour first, with its best lines and a confidence", () => {
    const db = project.open();
    const { hits, total } = lexicalSearch(db, "retry with exponential backoff", { limit: 5 });
    expect(total).toBeGreaterThan(0);
    expect(hits[0]).toMatchObject({
      rank: 1,
      path: "src/retry.ts",
      start_line: 1,
      symbol: "retryWithBackoff",
      confidence: "High",
      source: "bm25",
      language: "typescript",
    });
    expect(hits[0]!.snippet).toContain("exponential backoff");
    expect(hits[0]!.location).toBe(`line ${hits[0]!.line}`);
    db.close();
  });

  it("finds identifiers by their parts, across naming styles, and acronyms", () => {
    const db = project.open();
    const acronym = lexicalSearch(db, "http response", { limit: 3 }).hits[0]!;
    expect(acronym.path).toBe("src/users.ts");
    expect(acronym.snippet).toContain("getHTTPResponse");
    const camel = lexicalSearch(db, "getUserName", { limit: 10 }).hits.map((hit) => hit.path);
    expect(camel).toEqual(expect.arrayContaining(["src/users.ts", "tools/cache.py"]));
    db.close();
  });

  it("filters by path prefix, language and kind", () => {
    const db = project.open();
    expect(lexicalSearch(db, "user name", { limit: 10, path: "tools" }).hits.every((hit) => hit.path.startsWith("tools/"))).toBe(true);
    expect(lexicalSearch(db, "user name", { limit: 10, languages: ["python"] }).hits.every((hit) => hit.language === "python")).toBe(true);
    expect(lexicalSearch(db, "user name", { limit: 10, path: "./src/" }).hits.every((hit) => hit.path.startsWith("src/"))).toBe(true);
    expect(lexicalSearch(db, "", { limit: 10 }).hits).toEqual([]);
    expect(lexicalSearch(db, "user", { limit: 0 }).hits).toEqual([]);
    db.close();
  });

  it("is deterministic", () => {
    const db = project.open();
    expect(lexicalSearch(db, "user name store", { limit: 10 })).toEqual(lexicalSearch(db, "user name store", { limit: 10 }));
    db.close();
  });
});

describe("searchSymbols (AST ranking)", () => {
  const names = (query: string, limit = 10) => {
    const db = project.open();
    try {
      return searchSymbols(db, query, { limit }).map((hit) => [hit.name, hit.match_type, hit.score]);
    } finally {
      db.close();
    }
  };

  it("scores an exact name 1, then tag F1 with all/partial match types", () => {
    expect(names("main")[0]).toEqual(["main", "exact_name", 1]);
    expect(names("getUserName")[0]).toEqual(["getUserName", "exact_name", 1]);
    expect(names("getUserName")).toContainEqual(["get_user_name", "all_tags", 1]);
    expect(names("get user profile")).toContainEqual(["UserProfile", "partial_tags", 0.8]);
    expect(names("nonexistent_function")).toEqual([]);
    expect(names("user", 0)).toEqual([]);
  });

  it("prefers the tighter F1 match at the limit (user_name -> get/set before get_cached), called symbols first on ties", () => {
    // All four score 0.8 against get_cached_user_name's 0.667; get_user_name has a resolved caller (main).
    expect(names("user_name", 4).map(([name]) => name)).toEqual(["get_user_name", "getUserName", "setUserName", "set_user_name"]);
  });

  it("breaks ties with the given centrality, then prominence, deterministically", () => {
    const db = project.open();
    const tied = searchSymbols(db, "user name", { limit: 4, tieBreak: (ids) => new Map(ids.map((id) => [id, id])) });
    expect(tied.every((hit) => typeof hit.centrality === "number")).toBe(true);
    expect(tied.map((hit) => hit.centrality)).toEqual([...tied.map((hit) => hit.centrality)].sort((a, b) => b! - a!));
    expect(searchSymbols(db, "user", { limit: 3, path: "tools" }).every((hit) => hit.file.startsWith("tools/"))).toBe(true);
    expect(searchSymbols(db, "user", { limit: 10, kinds: ["interface"] }).map((hit) => hit.name)).toEqual(["UserProfile"]);
    db.close();
  });
});

describe("exactSearch", () => {
  const files = () => ["src/retry.ts", "src/users.ts", "tools/cache.py", "test/retry.test.ts", "gone.ts"];

  it("scans files in-process: per-file collapse, definitions first, tests last, case as rg", () => {
    const result = exactSearch("retryWithBackoff", { root: project.root, limit: 10, backend: "scan", files });
    expect(result.backend).toBe("scan");
    expect(result.hits.map((hit) => [hit.path, hit.line, hit.match_count])).toEqual([
      ["src/retry.ts", 5, 1],
      ["test/retry.test.ts", 1, 2],
    ]);
    expect(result.total_matches).toBe(3);
    const count = (literal: string, caseMode?: "ignore" | "smart") =>
      exactSearch(literal, { root: project.root, limit: 10, backend: "scan", files, ...(caseMode ? { caseMode } : {}) }).total_matches;
    expect([count("retrywithbackoff"), count("retrywithbackoff", "smart"), count("retrywithbackoff", "ignore")]).toEqual([0, 3, 3]);
    expect([count("RETRYWITHBACKOFF"), count("RETRYWITHBACKOFF", "smart"), count("RETRYWITHBACKOFF", "ignore")]).toEqual([0, 0, 3]);
    expect(exactSearch("user_name", { root: project.root, limit: 10, backend: "scan", files, path: "tools" }).hits.map((hit) => hit.path)).toEqual([
      "tools/cache.py",
    ]);
  });

  it.runIf(exactBackend() === "rg")("gives the same answer through ripgrep", () => {
    const scan = exactSearch("get_user_name", { root: project.root, limit: 10, backend: "scan", files });
    const rg = exactSearch("get_user_name", { root: project.root, limit: 10, backend: "auto" });
    expect(rg.backend).toBe("rg");
    expect(rg.hits.map((hit) => [hit.path, hit.line, hit.lines])).toEqual(scan.hits.map((hit) => [hit.path, hit.line, hit.lines]));
  });
});
