import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { chooseSymbol, indexLocation, openIndexReader, resolveSymbolArgument, symbolChoiceOf, updateIndex, type SymbolResolution } from "../src/index";
import { communityCacheDir } from "../src/projection/graph-queries/community-cache";
import { cachedPageRankScores } from "../src/projection/graph-queries/rank-symbol-candidates";
import { tempTree } from "./helpers";

async function indexed(files: Record<string, string>) {
  const root = tempTree(files);
  const location = indexLocation(root);
  await updateIndex(location, { workers: 0 });
  return { location, reader: await openIndexReader(location) };
}

const where = (found: SymbolResolution) =>
  found.status === "resolved"
    ? [found.form, found.symbol.file, found.symbol.qualified_name]
    : found.status === "ambiguous"
      ? [found.form, ...found.candidates.map((symbol) => `${symbol.file}:${symbol.qualified_name}`)]
      : [found.form, found.status];

// `Arr` is bound to Array.ts by three files; `Str` to String.ts by two files and to
// internal/string.ts by one (whose `trim` e.ts calls more); List.ts's `map` is called from
// more places than Array.ts's.
const TS = {
  "src/Array.ts": "export const map = (xs: number[]) => xs;\nexport function filter(xs: number[]) { return xs; }\n",
  "src/List.ts": "export const map = (xs: number[]) => xs;\n",
  "src/String.ts": "export const trim = (s: string) => s.trim();\n",
  "src/internal/string.ts": "export const trim = (s: string) => s;\n",
  "src/store.ts": "export class Store {\n  get(key: string) { return key; }\n}\n",
  "src/barrel/index.ts": 'export * from "./impl";\n',
  "src/barrel/impl.ts": "export function deep() { return 1; }\n",
  "src/a.ts":
    'import * as Arr from "./Array";\nimport * as Str from "./String";\nimport * as L from "./List";\nexport function a() { return [Arr.map([]), Str.trim(""), L.map([])]; }\n',
  "src/b.ts":
    'import * as Arr from "./Array";\nimport * as Str from "./String";\nimport * as L from "./List";\nexport function b() { return [Arr.filter([]), Str.trim(""), L.map([]), L.map([])]; }\n',
  "src/c.ts":
    'import * as Arr from "./Array";\nimport * as Str from "./internal/string";\nimport * as L from "./List";\nexport function c() { return [Arr.map([]), Str.trim(""), L.map([])]; }\n',
  "src/e.ts":
    'import { trim } from "./internal/string";\nexport function e1() { return trim(""); }\nexport function e2() { return trim(""); }\nexport function e3() { return trim(""); }\n',
  "src/d.ts":
    'import * as B from "./barrel";\nimport { Store as S } from "./store";\nimport * as L from "./List";\nexport function d() { return [B.deep(), new S().get("k"), L.map([])]; }\n',
};

describe("symbol arguments as users write them", () => {
  it("reads Alias.name through the namespace imports the code base writes", async () => {
    const { reader } = await indexed(TS);
    try {
      const db = reader.database;
      expect(where(resolveSymbolArgument(db, "Arr.map"))).toEqual(["import_alias", "src/Array.ts", "map"]);
      expect(where(resolveSymbolArgument(db, "Arr.filter"))).toEqual(["import_alias", "src/Array.ts", "filter"]);
      // One alias, two modules: the binding more files use first, the other listed too.
      expect(where(resolveSymbolArgument(db, "Str.trim"))).toEqual(["import_alias", "src/String.ts:trim", "src/internal/string.ts:trim"]);
      // Through a barrel's `export * from`, and a named import's alias standing for its class.
      expect(where(resolveSymbolArgument(db, "B.deep"))).toEqual(["import_alias", "src/barrel/impl.ts", "deep"]);
      expect(where(resolveSymbolArgument(db, "S.get"))).toEqual(["import_alias", "src/store.ts", "Store.get"]);
      // A file-named module still wins over an alias; an alias naming nothing is not found.
      expect(where(resolveSymbolArgument(db, "List.map"))).toEqual(["qualified_name", "src/List.ts", "map"]);
      expect(where(resolveSymbolArgument(db, "Arr.nosuch"))).toEqual(["qualified_name", "not_found"]);
    } finally {
      await reader.close();
    }
  });

  it("reads file:name with the path root-relative or a unique suffix, distinct from file:line", async () => {
    const { reader } = await indexed(TS);
    try {
      const db = reader.database;
      expect(where(resolveSymbolArgument(db, "src/Array.ts:map"))).toEqual(["file_name", "src/Array.ts", "map"]);
      expect(where(resolveSymbolArgument(db, "Array.ts:map"))).toEqual(["file_name", "src/Array.ts", "map"]);
      expect(where(resolveSymbolArgument(db, "store.ts:Store.get"))).toEqual(["file_name", "src/store.ts", "Store.get"]);
      expect(where(resolveSymbolArgument(db, "store.ts:get"))).toEqual(["file_name", "src/store.ts", "Store.get"]);
      expect(where(resolveSymbolArgument(db, "Array.ts:2"))).toEqual(["location", "src/Array.ts", "filter"]);
      const missing = resolveSymbolArgument(db, "Array.ts:fliter");
      expect(missing.status === "not_found" && [missing.form, missing.suggestions.map((symbol) => symbol.name)]).toEqual(["file_name", ["filter"]]);
    } finally {
      await reader.close();
    }
  });

  it("ranks ambiguous candidates by PageRank, computed once and then read from the cache", async () => {
    const { location, reader } = await indexed(TS);
    try {
      const db = reader.database;
      // File and line order without a ranking: Array.ts first.
      expect(where(resolveSymbolArgument(db, "map"))).toEqual(["name", "src/Array.ts:map", "src/List.ts:map"]);
      const cacheDir = communityCacheDir(location);
      expect(cachedPageRankScores(db, cacheDir)).toBeNull();
      const choice = async (argument: string) => {
        try {
          await chooseSymbol(db, argument, { pathArg: ".", scope: null }, (handle) => `tsift explain ${handle}`, location);
        } catch (error) {
          return symbolChoiceOf(error);
        }
        return null;
      };
      const ranked = await choice("map");
      // List.ts's map has four callers, Array.ts's two: the more central one first.
      expect(ranked?.candidates.map((candidate) => candidate.file)).toEqual(["src/List.ts", "src/Array.ts"]);
      expect(ranked?.candidates[0]?.expand).toMatch(/^tsift explain gsym-[0-9a-f]+$/);
      // The ranking is now cached where explain and search read it.
      const scores = cachedPageRankScores(db, cacheDir);
      expect(scores?.get(ranked!.candidates[0]!.handle)).toBeGreaterThan(scores?.get(ranked!.candidates[1]!.handle) ?? 0);
      expect(existsSync(cacheDir)).toBe(true);
      expect((await choice("map"))?.candidates.map((candidate) => candidate.file)).toEqual(["src/List.ts", "src/Array.ts"]);
      // The alias binding's usage ranks before PageRank (internal/string.ts's trim has more callers).
      const trims = (await choice("trim"))?.candidates.map((candidate) => candidate.file);
      expect(trims).toEqual(["src/internal/string.ts", "src/String.ts"]);
      expect((await choice("Str.trim"))?.candidates.map((candidate) => candidate.file)).toEqual(["src/String.ts", "src/internal/string.ts"]);
    } finally {
      await reader.close();
    }
  });

  it("reads Python module aliases: import numpy as np, from email import message", async () => {
    const { reader } = await indexed({
      "numpy/__init__.py": "from .core import array\n",
      "numpy/core.py": "def array(x):\n    return x\n",
      "numpy/linalg/__init__.py": "def norm(x):\n    return x\n",
      "email/__init__.py": "",
      "email/message.py": "class Message:\n    def get_filename(self):\n        return None\n",
      "app.py":
        "import numpy as np\nfrom email import message\nfrom email import message as msg\n\n\ndef main():\n    np.array(1)\n    np.linalg.norm(1)\n    return message.Message(), msg.Message()\n",
    });
    try {
      const db = reader.database;
      expect(where(resolveSymbolArgument(db, "np.array"))).toEqual(["import_alias", "numpy/core.py", "array"]);
      expect(where(resolveSymbolArgument(db, "np.linalg.norm"))).toEqual(["import_alias", "numpy/linalg/__init__.py", "norm"]);
      expect(where(resolveSymbolArgument(db, "message.Message"))).toEqual(["qualified_name", "email/message.py", "Message"]);
      expect(where(resolveSymbolArgument(db, "msg.Message.get_filename"))).toEqual(["import_alias", "email/message.py", "Message.get_filename"]);
      expect(where(resolveSymbolArgument(db, "message.py:get_filename"))).toEqual(["file_name", "email/message.py", "Message.get_filename"]);
    } finally {
      await reader.close();
    }
  });
});
