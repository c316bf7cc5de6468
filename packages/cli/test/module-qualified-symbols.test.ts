import { describe, expect, it } from "vitest";
import { project, tsift } from "./index-helpers";

// Symbol arguments as code bases write them: a module (a file) then the name inside it.
describe("Module.name symbol arguments", () => {
  it("resolves a namespace-import style name to the file of that stem, in every command", async () => {
    const root = project({
      "src/Effect.ts": "export const retry = (n: number) => n + 1;\nexport function run() { return retry(1); }\n",
      "src/Schedule.ts": "export const retry = (n: number) => n * 2;\n",
      "src/main.ts": 'import * as Effect from "./Effect";\nexport function main() { return Effect.retry(3); }\n',
    });
    await tsift(root, ["index", "-q"]);
    const bare = await tsift(root, ["explain", "retry", "--json"]);
    expect(bare.code).toBe(2);
    const explained = (await tsift(root, ["explain", "Effect.retry", "--json"])).json();
    expect([explained.definitions[0].file, explained.definitions[0].line]).toEqual(["src/Effect.ts", 1]);
    const callers = (await tsift(root, ["graph", "Schedule.retry", "--callers", "--json"])).json();
    expect(callers.file).toBe("src/Schedule.ts");
    expect((await tsift(root, ["path", "main", "Effect.retry", "--json"])).code).toBe(0);
  });

  it("resolves Python dotted module paths, packages and class members included", async () => {
    const root = project({
      "json/__init__.py": "def loads(s):\n    return s\n",
      "email/message.py": "class Message:\n    def get_filename(self):\n        return None\n",
      "other.py": "def loads(s):\n    return 1\n",
    });
    await tsift(root, ["index", "-q"]);
    expect((await tsift(root, ["explain", "json.loads", "--json"])).json().definitions[0].file).toBe("json/__init__.py");
    const method = (await tsift(root, ["explain", "email.message.Message.get_filename", "--json"])).json().definitions[0];
    expect([method.file, method.name]).toEqual(["email/message.py", "get_filename"]);
    expect((await tsift(root, ["explain", "nosuch.loads", "--json"])).code).toBe(3);
  });

  it("symbols lists what explain resolves a module-qualified name to, as its exact match", async () => {
    const root = project({
      "json/__init__.py": "from .decoder import JSONDecoder\n\ndef loads(s):\n    return s\n",
      "json/decoder.py": "class JSONDecoder:\n    def decode(self, s):\n        return s\n",
      "email/message.py": "class Message:\n    def get_filename(self):\n        return None\n",
      "other.py": "def loads(s):\n    return 1\n",
      "src/Array.ts": "export const map = (xs: number[]) => xs;\n",
      "src/main.ts": 'import * as Arr from "./Array";\nexport const run = () => Arr.map([1]);\n',
    });
    await tsift(root, ["index", "-q"]);
    for (const name of ["json.loads", "json.decoder.JSONDecoder.decode", "email.message.Message.get_filename", "Array.map", "Arr.map"]) {
      const explained = (await tsift(root, ["explain", name, "--json"])).json().definitions[0];
      const listed = (await tsift(root, ["symbols", name, "--json"])).json().symbols;
      expect(listed[0], name).toMatchObject({ file: explained.file, line: explained.line, name: explained.name, match: "exact" });
      expect(
        listed.filter((row: { match: string }) => row.match === "exact"),
        name,
      ).toHaveLength(1);
    }
    // Filters still apply to the module-qualified match.
    expect((await tsift(root, ["symbols", "json.loads", "--kind", "class", "--json"])).json().symbols).toEqual([]);
  });
});
