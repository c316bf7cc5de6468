import { PassThrough } from "node:stream";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { MCP_PROTOCOL_VERSIONS, McpServer, RPC_ERROR, StdioTransport, type JsonRpcMessage } from "../src/mcp/mcp-protocol";

/**
 * tsift's own MCP server layer, held to the protocol as the official SDK speaks it: the SDK's
 * client talks to it in memory, and raw JSON-RPC lines exercise what a client may get wrong.
 * (mcp-server.test.ts drives the real `tsift mcp` over stdio with the SDK's client.)
 */
function echoServer() {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const server = new McpServer(
    { name: "echo", version: "1.2.3" },
    {
      listTools: () => [{ name: "echo", description: "says it back", inputSchema: { type: "object", properties: { text: { type: "string" } } } }],
      callTool: async (name, args) => {
        if (args.hold === true) await held;
        return { content: [{ type: "text", text: `${name}:${JSON.stringify(args)}` }] };
      },
    },
  );
  return { server, release };
}

/** A server on a raw line transport: `send` writes lines, `replies` collects what comes back. */
async function rawSession() {
  const { server, release } = echoServer();
  const input = new PassThrough();
  const output = new PassThrough();
  const transport = new StdioTransport(input, output);
  transport.onunreadable = () => void server.reject(RPC_ERROR.parse);
  const replies: JsonRpcMessage[] = [];
  let buffered = "";
  output.on("data", (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split("\n");
    buffered = lines.pop()!;
    for (const line of lines) replies.push(JSON.parse(line) as JsonRpcMessage);
  });
  await server.connect(transport);
  const send = (line: unknown) => input.write(`${typeof line === "string" ? line : JSON.stringify(line)}\n`);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
  return { server, release, send, replies, settle, input };
}

describe("tsift's MCP server layer", () => {
  it("speaks every protocol version the SDK does, and the SDK's client lists and calls tools through it", async () => {
    expect([...MCP_PROTOCOL_VERSIONS].sort()).toEqual([...SUPPORTED_PROTOCOL_VERSIONS].sort());
    expect(MCP_PROTOCOL_VERSIONS[0]).toBe(LATEST_PROTOCOL_VERSION);
    const { server } = echoServer();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: "test", version: "1" });
    await client.connect(clientSide);
    try {
      expect(client.getServerVersion()).toEqual({ name: "echo", version: "1.2.3" });
      expect(client.getServerCapabilities()).toEqual({ tools: {} });
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["echo"]);
      expect(await client.callTool({ name: "echo", arguments: { text: "hi" } })).toEqual({ content: [{ type: "text", text: 'echo:{"text":"hi"}' }] });
      await client.ping();
    } finally {
      await client.close();
    }
  });

  it("answers the client's protocol version when it knows it, else its newest", async () => {
    const { send, replies, settle } = await rawSession();
    send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2024-11-05", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
    });
    send({
      jsonrpc: "2.0",
      id: 2,
      method: "initialize",
      params: { protocolVersion: "1999-01-01", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
    });
    await settle();
    expect(replies).toEqual([
      { jsonrpc: "2.0", id: 1, result: { protocolVersion: "2024-11-05", capabilities: { tools: {} }, serverInfo: { name: "echo", version: "1.2.3" } } },
      {
        jsonrpc: "2.0",
        id: 2,
        result: { protocolVersion: MCP_PROTOCOL_VERSIONS[0], capabilities: { tools: {} }, serverInfo: { name: "echo", version: "1.2.3" } },
      },
    ]);
  });

  it("answers what is not a request with JSON-RPC's errors, ignores notifications and responses, and reads on", async () => {
    const { send, replies, settle } = await rawSession();
    send("{not json");
    send("[1, 2]");
    send({ jsonrpc: "1.0", id: 3, method: "ping" });
    send({ jsonrpc: "2.0", id: 4, method: "resources/list" });
    send({ jsonrpc: "2.0", id: 5, method: "tools/call", params: { arguments: {} } });
    send({ jsonrpc: "2.0", id: 6, method: "tools/call", params: { name: "echo", arguments: [1] } });
    send({ jsonrpc: "2.0", method: "notifications/initialized" });
    send({ jsonrpc: "2.0", id: 99, result: {} });
    send("");
    send({ jsonrpc: "2.0", id: "seven", method: "ping" });
    await settle();
    expect(replies).toEqual([
      { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } },
      { jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid Request" } },
      { jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid Request" } },
      { jsonrpc: "2.0", id: 4, error: { code: -32601, message: "Method not found: resources/list" } },
      { jsonrpc: "2.0", id: 5, error: { code: -32602, message: "tools/call needs params.name, a string" } },
      { jsonrpc: "2.0", id: 6, error: { code: -32602, message: "tools/call's params.arguments must be an object" } },
      { jsonrpc: "2.0", id: "seven", result: {} },
    ]);
  });

  it("reads a message split across chunks and CRLF line ends, answers calls as they finish, and drops a cancelled one's answer", async () => {
    const { send, replies, settle, input, release } = await rawSession();
    const call = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "echo", arguments: { hold: true } } });
    input.write(call.slice(0, 10));
    input.write(`${call.slice(10)}\r\n`);
    send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "echo", arguments: { hold: true } } });
    send({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "echo" } });
    send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 2, reason: "user" } });
    await settle();
    expect(replies.map((reply) => reply.id)).toEqual([3]);
    release();
    await settle();
    expect(replies.map((reply) => reply.id)).toEqual([3, 1]);
    expect(replies[1]).toEqual({ jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: 'echo:{"hold":true}' }] } });
  });

  it("closes when asked, saying so once", async () => {
    const { server } = await rawSession();
    let closed = 0;
    server.onclose = () => closed++;
    await server.close();
    expect(closed).toBe(1);
  });
});
