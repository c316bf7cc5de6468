import { describe, expect, it } from "vitest";
import { parseArgv } from "../src/definition/parse-argv";
import { toolArgs } from "../src/mcp/call-tool";
import { MCP_TOOLS } from "../src/mcp/mcp-tools";
import { resolveTool } from "../src/mcp/tool-schema";

// An MCP call's typed arguments reach the command as the parsed arguments the command line
// would give it: same keys, same defaults, same fixed switches, with no command line between.

const ROOT = "/project";
const tools = MCP_TOOLS.map((spec) => resolveTool(spec)).filter((tool) => tool !== undefined);

describe("MCP tool arguments are the command's parsed arguments", () => {
  it.each(tools.map((tool) => [tool.spec.name, tool] as const))("%s with its required arguments only", (_name, tool) => {
    const positionals = tool.positionals.filter((positional) => positional.required);
    const args = Object.fromEntries(positionals.map((positional) => [positional.name.replaceAll("-", "_"), positional.variadic ? ["x"] : "x"]));
    if (tool.spec.stdinText) args.text = "";
    const line = parseArgv([...tool.spec.command, ...(tool.spec.fixed ?? []), "--json", "--", ...positionals.map(() => "x")]);
    expect(line, tool.spec.name).toBeDefined();
    expect(toolArgs(tool, args, ROOT).args).toEqual(line!.args);
  });

  it("options, lists and a value that starts with a dash", () => {
    const callers = tools.find((tool) => tool.spec.name === "callers")!;
    expect(toolArgs(callers, { symbol: "-odd", limit: 3 }, ROOT).args).toEqual(parseArgv(["graph", "--callers", "--limit", "3", "--json", "--", "-odd"])!.args);
    const search = tools.find((tool) => tool.spec.name === "search")!;
    expect(toolArgs(search, { query: "store get", kind: ["class", "method"], path: "src" }, ROOT).args).toEqual(
      parseArgv(["search", "--kind", "class", "--kind", "method", "--path", "src", "--json", "--", "store get"])!.args,
    );
  });

  it("refuses what the command line would refuse: an unknown argument, a wrong type, a choice not offered, a path outside", () => {
    const search = tools.find((tool) => tool.spec.name === "search")!;
    expect(() => toolArgs(search, { query: "q", nope: 1 }, ROOT)).toThrow(/no argument/);
    expect(() => toolArgs(search, { query: "q", limit: "3" }, ROOT)).toThrow(/a number/);
    expect(() => toolArgs(search, { query: "q", strategy: "psychic" }, ROOT)).toThrow(/one of/);
    expect(() => toolArgs(search, { query: "q", path: "../elsewhere" }, ROOT)).toThrow(/outside the project root/);
  });
});
