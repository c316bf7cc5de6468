import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { isTsiftError, TsiftError } from "@tsift/core/light";
import { VERSION } from "../version";
import { runCommandLine, runTool } from "./call-tool";
import { expandArgv } from "./expand-command";
import { firstIndexNote, hasIndex, startFirstIndex, type FirstIndex } from "./first-index";
import { MCP_TOOLS, SLIM_TOOLS } from "./mcp-tools";
import { resolveTool, type ResolvedTool } from "./tool-schema";

export interface McpServerOptions {
  /** The project root every tool reads; nothing outside it is read. */
  root: string;
  /** Only these tools (names as listed). */
  tools?: readonly string[] | undefined;
  /** `slim`: at most six tools, for small context windows. */
  profile?: "full" | "slim" | undefined;
  /**
   * Set when the server started a first index (`startFirstIndex`): until it ends, tools that
   * read the index answer how far it is instead of failing with `index_missing`.
   */
  firstIndex?: FirstIndex | undefined;
}

const EXPAND_TOOL: Tool = {
  name: "expand",
  description: "run an `expand` or `follow_up` command from a previous answer (a tsift command line), inside this project",
  inputSchema: {
    type: "object",
    properties: { command: { type: "string", description: "the command exactly as printed, e.g. tsift source-read src/a.ts --start 81 --end 160" } },
    required: ["command"],
  },
};

/** The tools this server offers, in list order; unknown names in `tools` fail with the known ones. */
export function selectTools(options: Pick<McpServerOptions, "tools" | "profile">): { tools: ResolvedTool[]; expand: boolean } {
  const resolved = MCP_TOOLS.map(resolveTool).filter((tool): tool is ResolvedTool => tool !== undefined);
  const names = [...resolved.map((tool) => tool.spec.name), "expand"];
  let wanted: readonly string[] = options.profile === "slim" ? SLIM_TOOLS : names;
  if (options.tools?.length) {
    const unknown = options.tools.filter((name) => !names.includes(name));
    if (unknown.length) throw new TsiftError("usage", `unknown MCP tool ${unknown.join(", ")}; the tools are ${names.join(", ")}`);
    wanted = wanted.filter((name) => options.tools!.includes(name));
  }
  return { tools: resolved.filter((tool) => wanted.includes(tool.spec.name)), expand: wanted.includes("expand") };
}

const textResult = (text: string, isError: boolean): CallToolResult => ({ content: [{ type: "text", text }], ...(isError ? { isError: true } : {}) });

/**
 * The MCP server over the project's read commands. Each call runs the command in this
 * process exactly as the CLI would, with `--json`, and answers its JSON; a failure is a
 * tool error carrying the CLI's one-line message, so the client sees why and the server
 * keeps serving. Every call runs under `runReadOnly`: a call writes nothing in the project —
 * no `.tsift/`, no index build or refresh (a stale index is read as it is, with a note), no
 * graph.db, no cache file. A missing index is built by the separate `tsift index` that
 * `serveMcpOverStdio` starts (`firstIndex`); until it ends, index-reading tools answer how
 * far it is, and `index_missing` only when no first index runs.
 */
export function createMcpServer(options: McpServerOptions): Server {
  const { tools, expand } = selectTools(options);
  const byName = new Map(tools.map((tool) => [tool.spec.name, tool]));
  const server = new Server({ name: "tsift", version: VERSION }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [
      ...tools.map((tool): Tool => ({ name: tool.spec.name, description: tool.description, inputSchema: tool.inputSchema })),
      ...(expand ? [EXPAND_TOOL] : []),
    ],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { runReadOnly } = await import("@tsift/index/indexer");
    return runReadOnly("tsift mcp", () => callTool(request.params.name, (request.params.arguments ?? {}) as Record<string, unknown>));
  });
  const callTool = async (name: string, args: Record<string, unknown>): Promise<CallToolResult> => {
    try {
      if (name === "expand" && expand) {
        if (typeof args.command !== "string") throw new TsiftError("invalid_input", "expand needs the argument command");
        const result = await runCommandLine(
          expandArgv(
            args.command,
            tools.map((tool) => tool.spec),
            options.root,
          ),
          options.root,
        );
        return textResult(result.text, result.isError);
      }
      const tool = byName.get(name);
      if (!tool) return textResult(`unknown tool ${name}; the tools are ${[...byName.keys(), ...(expand ? ["expand"] : [])].join(", ")}`, true);
      // Status reports the running writer itself; the digests read no index.
      if (options.firstIndex?.exitCode === null && tool.command.readsIndex === true && tool.spec.name !== "status") {
        const { describeIndexProgress, indexLocation, readIndexProgress } = await import("@tsift/index/indexer");
        const progress = readIndexProgress(indexLocation(options.root));
        return textResult(firstIndexNote(progress && describeIndexProgress(progress)), false);
      }
      const result = await runTool(tool, args, options.root);
      const failedFirst = options.firstIndex && options.firstIndex.exitCode !== 0 ? options.firstIndex : undefined;
      if (result.isError && failedFirst)
        return textResult(
          `${result.text}\nnote: the first index this server started failed (${failedFirst.lastError || `exit ${failedFirst.exitCode}`}); run tsift index to see why`,
          true,
        );
      return textResult(result.text, result.isError);
    } catch (error) {
      if (isTsiftError(error)) return textResult(`tsift: error[${error.code}]: ${error.message}`, true);
      return textResult(`tsift: internal error: ${(error as Error).message}`, true);
    }
  };
  return server;
}

/**
 * Serves on stdin/stdout until the client closes stdin or a SIGTERM/SIGINT arrives, then
 * closes cleanly. Resolves when the server has stopped.
 */
export async function serveMcpOverStdio(options: Omit<McpServerOptions, "firstIndex"> & { firstIndex?: boolean }): Promise<void> {
  const bin = (globalThis as Record<symbol, unknown>)[Symbol.for("tsift.bin")];
  // This process stays warm for every call, so its reads start no daemon (daemon-autostart.ts).
  delete (globalThis as Record<symbol, unknown>)[Symbol.for("tsift.bin")];
  // A project with no index gets one built beside the server, which answers at once meanwhile.
  const firstIndex = options.firstIndex !== false && typeof bin === "string" && !hasIndex(options.root) ? startFirstIndex(options.root, bin) : undefined;
  const server = createMcpServer({ ...options, firstIndex });
  const transport = new StdioServerTransport();
  // The SDK drops a line it cannot read and reads on; JSON-RPC asks for an error reply
  // (id null, as the request's id is unknown), so a client sees what went wrong.
  transport.onerror = (error) => {
    const parse = error instanceof SyntaxError;
    const invalid = parse || error.name === "ZodError";
    if (!invalid) return;
    const reply = { jsonrpc: "2.0", id: null, error: { code: parse ? -32700 : -32600, message: parse ? "Parse error" : "Invalid Request" } };
    void transport.send(reply as unknown as Parameters<typeof transport.send>[0]).catch(() => {});
  };
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  const stop = () => void server.close();
  // `on`, not `once`: the writer lock's own signal handler ends the process when it finds
  // itself the only listener, and a `once` listener is gone by the time it looks.
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  process.stdin.once("end", stop);
  // A read-only warm index: the open connection answers without a freshness walk while nothing
  // changed; it never updates index.db (`tsift watch` or the agent hooks keep it fresh), and
  // its watcher runs under runReadOnly like the tool calls.
  const { runReadOnly } = await import("@tsift/index/indexer");
  const { startWarmIndex } = await import("@tsift/index");
  const warm = runReadOnly("tsift mcp", () => startWarmIndex(options.root, { readOnly: true }));
  try {
    await server.connect(transport);
    await closed;
  } finally {
    process.off("SIGTERM", stop);
    process.off("SIGINT", stop);
    await warm.stop();
  }
}
