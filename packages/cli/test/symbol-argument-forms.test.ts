import { describe, expect, it } from "vitest";
import { runTool } from "../src/mcp/call-tool";
import { MCP_TOOLS } from "../src/mcp/mcp-tools";
import { resolveTool } from "../src/mcp/tool-schema";
import { project, spawnBuilt, tsift } from "./index-helpers";

// Three files bind `Arr` to Array.ts; List.ts's `map` has more callers than Array.ts's.
const TS = {
  "src/Array.ts": "export const map = (xs: number[]) => xs;\n",
  "src/List.ts": "export const map = (xs: number[]) => xs;\n",
  "src/a.ts": 'import * as Arr from "./Array";\nimport * as L from "./List";\nexport function a() { return [Arr.map([]), L.map([])]; }\n',
  "src/b.ts": 'import * as Arr from "./Array";\nimport * as L from "./List";\nexport function b() { return [Arr.map([]), L.map([])]; }\n',
  "src/c.ts": 'import * as L from "./List";\nexport function c() { return L.map([]); }\nexport function c2() { return L.map([]); }\n',
};

const PY = {
  "numpy/__init__.py": "def array(x):\n    return x\n",
  "email/__init__.py": "",
  "email/message.py": "class Message:\n    def get_filename(self):\n        return None\n",
  "app.py": "import numpy as np\nfrom email import message as msg\n\n\ndef main():\n    np.array(1)\n    return msg.Message().get_filename()\n",
};

/** A tool call the way `tsift mcp` answers it, in this process. */
async function callTool(root: string, name: string, args: Record<string, unknown>) {
  return runTool(resolveTool(MCP_TOOLS.find((spec) => spec.name === name)!)!, args, root);
}

describe("symbol arguments as users write them, through the CLI and the MCP tools", () => {
  it("explain Alias.name and graph file:name --callers, end to end through the built binary", async () => {
    const root = project(TS);
    await tsift(root, ["index", "-q"]);
    const explained = spawnBuilt(root, ["explain", "Arr.map", "--json"]);
    expect(explained.code).toBe(0);
    const definition = (JSON.parse(explained.out) as { definitions: Array<{ file: string; name: string }> }).definitions[0]!;
    expect([definition.file, definition.name]).toEqual(["src/Array.ts", "map"]);
    const callers = spawnBuilt(root, ["graph", "Array.ts:map", "--callers", "--json"]);
    expect(callers.code).toBe(0);
    const graph = JSON.parse(callers.out) as { file: string; callers: Array<{ caller_name: string }> };
    expect(graph.file).toBe("src/Array.ts");
    expect(graph.callers.map((edge) => edge.caller_name).sort()).toEqual(["a", "b"]);
    expect(spawnBuilt(root, ["graph", "src/List.ts:map", "--callers", "--json"]).code).toBe(0);
  });

  it("an ambiguous name lists the most central definition first and says how to pick one", async () => {
    const root = project(TS);
    await tsift(root, ["index", "-q"]);
    const ambiguous = spawnBuilt(root, ["explain", "map"]);
    expect(ambiguous.code).toBe(2);
    const lines = ambiguous.out.trimEnd().split("\n");
    expect(lines[0]).toBe("`map` is ambiguous: 2 definitions, most central (PageRank) first");
    expect(lines[1]).toMatch(/^ {2}gsym-[0-9a-f]+ {2}\S+ map {2}src\/List\.ts:1/);
    expect(lines[2]).toMatch(/^ {2}gsym-[0-9a-f]+ {2}\S+ map {2}src\/Array\.ts:1/);
    const handle = /gsym-[0-9a-f]+/.exec(lines[1]!)![0];
    expect(lines.at(-1)).toBe(`pick one by its handle: tsift explain ${handle}`);
    // The handle it names answers.
    expect(JSON.parse(spawnBuilt(root, ["explain", handle, "--json"]).out).definitions[0].file).toBe("src/List.ts");
  });

  it("the MCP tools take the same forms", async () => {
    const ts = project(TS);
    await tsift(ts, ["index", "-q"]);
    const explain = await callTool(ts, "explain", { symbol: "Arr.map" });
    expect(explain.isError).toBe(false);
    expect(JSON.parse(explain.text).definitions[0].file).toBe("src/Array.ts");
    const callers = await callTool(ts, "callers", { symbol: "src/List.ts:map" });
    expect(JSON.parse(callers.text)).toMatchObject({ file: "src/List.ts", total: 4 });
    const path = await callTool(ts, "path", { from: "a", to: "Arr.map" });
    expect(path.isError).toBe(false);
    expect(JSON.parse(path.text).path).not.toBeNull();
    const ambiguous = await callTool(ts, "callees", { symbol: "map" });
    expect([ambiguous.exitCode, ambiguous.isError]).toEqual([2, true]);
    expect(ambiguous.text).toMatch(/^tsift: error\[usage\]: `map` names 2 definitions \(next: tsift graph gsym-[0-9a-f]+ --callees/);
    // The candidates follow the error line, most central first, each with its handle.
    const listed = JSON.parse(ambiguous.text.slice(ambiguous.text.indexOf("\n") + 1)) as { candidates: Array<{ file: string; expand: string }> };
    expect(listed.candidates.map((candidate) => candidate.file)).toEqual(["src/List.ts", "src/Array.ts"]);
    expect(listed.candidates[1]!.expand).toMatch(/^tsift graph gsym-[0-9a-f]+ --callees$/);

    const py = project(PY);
    await tsift(py, ["index", "-q"]);
    expect(JSON.parse((await callTool(py, "explain", { symbol: "np.array" })).text).definitions[0].file).toBe("numpy/__init__.py");
    const method = JSON.parse((await callTool(py, "callers", { symbol: "msg.Message.get_filename" })).text);
    expect([method.file, method.symbol]).toEqual(["email/message.py", "Message.get_filename"]);
  });

  it("traverse reads the forms only the code index resolves through it", async () => {
    const root = project({
      "src/Effect.ts": "export const retry = (n: number) => n + 1;\n",
      "src/Schedule.ts": "export const retry = (n: number) => n * 2;\n",
      "src/main.ts": 'import * as Sched from "./Schedule";\nexport function main() { return Sched.retry(3); }\n',
    });
    await tsift(root, ["index", "-q"]);
    const target = async (argument: string) => (await tsift(root, ["traverse", argument, "--json"])).json().target as { input: string; id: string };
    // graph.db alone matches the last segment and would take Effect.ts's retry for each.
    expect(await target("Schedule.retry")).toMatchObject({ input: "Schedule.retry", id: "sym:src/Schedule.ts#retry" });
    expect((await target("Sched.retry")).id).toBe("sym:src/Schedule.ts#retry");
    expect((await target("Schedule.ts:retry")).id).toBe("sym:src/Schedule.ts#retry");
    expect((await target("src/Schedule.ts:1")).id).toBe("sym:src/Schedule.ts#retry");
    // What graph.db reads itself is unchanged: a bare name, a file path.
    expect(await target("main")).toMatchObject({ id: "sym:src/main.ts#main", match: "name" });
    expect(await target("src/main.ts")).toMatchObject({ id: "file:src/main.ts", match: "file" });
  });
});
