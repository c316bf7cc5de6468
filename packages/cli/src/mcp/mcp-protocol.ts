/**
 * The part of the Model Context Protocol `tsift mcp` speaks, over JSON-RPC 2.0: a server with
 * tools and nothing else (`initialize`, `ping`, `tools/list`, `tools/call`, and the
 * `notifications/cancelled` a client may send), on newline-delimited stdio.
 *
 * tsift used to take this from @modelcontextprotocol/sdk, whose 88 dependencies (express, hono,
 * jose, ajv, zod, … for the HTTP transports and OAuth a stdio server never loads) were 17 MB of
 * every install. The official SDK's client stays the test oracle: the CLI's MCP tests connect it
 * over stdio and in memory (its transports fit `McpTransport`), so a protocol change the SDK
 * makes shows up there.
 */

/** The versions this server speaks, newest first: it answers a client's version when listed, else the newest. */
export const MCP_PROTOCOL_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05", "2024-10-07"] as const;

export type JsonRpcId = string | number;

/** A JSON-RPC 2.0 message as it travels: a request, a notification, a result or an error. */
export interface JsonRpcMessage {
  jsonrpc: "2.0";
  id?: JsonRpcId | null;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

/**
 * A message channel, shaped as the MCP SDK's `Transport` so its transports (InMemoryTransport,
 * in tests) plug in as well as `StdioTransport` below. The handlers are methods, not function
 * properties, so a transport typed with the SDK's narrower message types fits.
 */
export interface McpTransport {
  start(): Promise<void>;
  send(message: JsonRpcMessage): Promise<void>;
  close(): Promise<void>;
  onmessage?(message: JsonRpcMessage): void;
  onclose?(): void;
  onerror?(error: Error): void;
}

export interface McpTool {
  name: string;
  description?: string | undefined;
  inputSchema: { type: "object"; properties?: Record<string, unknown>; required?: readonly string[]; [key: string]: unknown };
}

export interface CallToolResult {
  content: { type: "text"; text: string }[];
  isError?: boolean;
}

/** JSON-RPC's error codes. */
export const RPC_ERROR = { parse: -32700, invalidRequest: -32600, methodNotFound: -32601, invalidParams: -32602, internal: -32603 } as const;

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

export interface McpServerHandlers {
  listTools(): McpTool[];
  callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
}

/**
 * One client's session: answers each request as it comes (tool calls run concurrently, each
 * answered when done), never sends a request of its own, and drops the answer to a request the
 * client cancelled.
 */
export class McpServer {
  /** Called once the transport has closed. */
  onclose: (() => void) | undefined;
  private transport: McpTransport | undefined;
  private readonly cancelled = new Set<JsonRpcId>();

  constructor(
    private readonly info: { name: string; version: string },
    private readonly handlers: McpServerHandlers,
  ) {}

  async connect(transport: McpTransport): Promise<void> {
    this.transport = transport;
    transport.onmessage = (message) => void this.receive(message);
    transport.onclose = () => {
      this.transport = undefined;
      this.onclose?.();
    };
    await transport.start();
  }

  async close(): Promise<void> {
    await this.transport?.close();
  }

  private async send(message: JsonRpcMessage): Promise<void> {
    await this.transport?.send(message).catch((error: unknown) => this.transport?.onerror?.(error as Error));
  }

  /** Answers a line that is not a JSON-RPC message (the stdio transport's parse failures). */
  async reject(code: typeof RPC_ERROR.parse | typeof RPC_ERROR.invalidRequest): Promise<void> {
    await this.send({ jsonrpc: "2.0", id: null, error: { code, message: code === RPC_ERROR.parse ? "Parse error" : "Invalid Request" } });
  }

  private async receive(message: unknown): Promise<void> {
    if (!isRecord(message) || message.jsonrpc !== "2.0") return this.reject(RPC_ERROR.invalidRequest);
    const { id, method, params } = message;
    // A response: this server sends no requests, so there is nothing it could answer.
    if (method === undefined && ("result" in message || "error" in message)) return;
    if (typeof method !== "string" || (params !== undefined && !isRecord(params))) return this.reject(RPC_ERROR.invalidRequest);
    if (id === undefined) {
      if (method === "notifications/cancelled" && isRecord(params) && (typeof params.requestId === "string" || typeof params.requestId === "number"))
        this.cancelled.add(params.requestId);
      return;
    }
    if (typeof id !== "string" && typeof id !== "number") return this.reject(RPC_ERROR.invalidRequest);
    let reply: JsonRpcMessage;
    try {
      reply = { jsonrpc: "2.0", id, result: await this.answer(method, params ?? {}) };
    } catch (error) {
      const code = error instanceof RpcError ? error.code : RPC_ERROR.internal;
      reply = { jsonrpc: "2.0", id, error: { code, message: (error as Error).message || "Internal error" } };
    }
    if (this.cancelled.delete(id)) return;
    await this.send(reply);
  }

  private async answer(method: string, params: Record<string, unknown>): Promise<unknown> {
    switch (method) {
      case "initialize": {
        const asked = params.protocolVersion;
        const protocolVersion = MCP_PROTOCOL_VERSIONS.find((version) => version === asked) ?? MCP_PROTOCOL_VERSIONS[0];
        return { protocolVersion, capabilities: { tools: {} }, serverInfo: this.info };
      }
      case "ping":
        return {};
      case "tools/list":
        return { tools: this.handlers.listTools() };
      case "tools/call": {
        const { name, arguments: args } = params;
        if (typeof name !== "string") throw new RpcError(RPC_ERROR.invalidParams, "tools/call needs params.name, a string");
        if (args !== undefined && !isRecord(args)) throw new RpcError(RPC_ERROR.invalidParams, "tools/call's params.arguments must be an object");
        return this.handlers.callTool(name, args ?? {});
      }
      default:
        throw new RpcError(RPC_ERROR.methodNotFound, `Method not found: ${method}`);
    }
  }
}

/** The longest line read before giving up on a client (the SDK's limit). */
const MAX_LINE_BYTES = 10 * 1024 * 1024;

/**
 * MCP's stdio transport: one JSON message per line on stdin and stdout. A line that is not
 * JSON is answered with a JSON-RPC parse error (via `onunreadable`) and reading goes on.
 */
export class StdioTransport implements McpTransport {
  onmessage: ((message: JsonRpcMessage) => void) | undefined;
  onclose: (() => void) | undefined;
  onerror: ((error: Error) => void) | undefined;
  /** A line that did not parse as JSON. */
  onunreadable: (() => void) | undefined;
  private buffered: Buffer | undefined;
  private readonly ondata = (chunk: Buffer) => this.read(chunk);
  private readonly onstreamerror = (error: Error) => this.onerror?.(error);

  constructor(
    private readonly stdin: NodeJS.ReadableStream = process.stdin,
    private readonly stdout: NodeJS.WritableStream = process.stdout,
  ) {}

  async start(): Promise<void> {
    this.stdin.on("data", this.ondata);
    this.stdin.on("error", this.onstreamerror);
  }

  private read(chunk: Buffer): void {
    let buffer = this.buffered ? Buffer.concat([this.buffered, chunk]) : chunk;
    for (let newline = buffer.indexOf(10); newline !== -1; newline = buffer.indexOf(10)) {
      const line = buffer.toString("utf8", 0, newline).replace(/\r$/, "");
      buffer = buffer.subarray(newline + 1);
      if (line.trim() === "") continue;
      let message: unknown;
      try {
        message = JSON.parse(line);
      } catch {
        this.onunreadable?.();
        continue;
      }
      this.onmessage?.(message as JsonRpcMessage);
    }
    this.buffered = buffer.length > 0 ? buffer : undefined;
    if (buffer.length > MAX_LINE_BYTES) {
      this.onerror?.(new Error(`a message longer than ${MAX_LINE_BYTES} bytes`));
      void this.close();
    }
  }

  async close(): Promise<void> {
    this.stdin.off("data", this.ondata);
    this.stdin.off("error", this.onstreamerror);
    if (this.stdin.listenerCount("data") === 0) this.stdin.pause();
    this.buffered = undefined;
    this.onclose?.();
  }

  send(message: JsonRpcMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.stdout.once("drain", resolve);
    });
  }
}
