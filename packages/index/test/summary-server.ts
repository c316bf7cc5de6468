import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** What the fake Messages API answers next. */
export type ServerMode = "ok" | "429" | "500" | "not-json" | "text-not-json" | "missing-id" | "hold";

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: { model: string; max_tokens: number; system?: string; messages: { role: string; content: string }[] };
}

export interface SummaryServer {
  url: string;
  requests: RecordedRequest[];
  mode: ServerMode;
  /** The usage a request for this many symbols reports (default: 100 input and 20 output tokens a symbol). */
  usage: (symbols: number) => { input_tokens: number; output_tokens: number };
  /** Every usage answered, in order. */
  answered: { input_tokens: number; output_tokens: number }[];
  /** Answers every held request (mode "hold") as "ok". */
  releaseHeld(): void;
  close(): Promise<void>;
}

const SYMBOL_TAG = /<symbol id="([^"]+)" file="([^"]+)" name="([^"]+)" kind="([^"]+)">/g;

/**
 * A local HTTP server speaking the Anthropic Messages API shape: `POST /v1/messages`
 * answers `{ content: [{ type: "text", text }], usage }`, the text being the JSON the
 * prompt asks for, one summary per `<symbol id=…>` it was sent. Other modes answer the
 * failures a real endpoint gives (429 with retry-after, 500, bodies that are not the answer).
 */
export async function startSummaryServer(): Promise<SummaryServer> {
  const held: (() => void)[] = [];
  const state: SummaryServer = {
    url: "",
    requests: [],
    mode: "ok",
    usage: (symbols) => ({ input_tokens: 100 * symbols, output_tokens: 20 * symbols }),
    answered: [],
    releaseHeld: () => {
      for (const answer of held.splice(0)) answer();
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as RecordedRequest["body"];
      state.requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      const prompt = body.messages[0]?.content ?? "";
      const symbols = [...prompt.matchAll(SYMBOL_TAG)].map((match) => ({ id: match[1]!, name: match[3]! }));
      const answer = (mode: ServerMode) => {
        if (mode === "429") {
          res.writeHead(429, { "content-type": "application/json", "retry-after": "7" });
          res.end(JSON.stringify({ type: "error", error: { type: "rate_limit_error", message: "Number of request tokens has exceeded your rate limit" } }));
          return;
        }
        if (mode === "500") {
          res.writeHead(500, { "content-type": "application/json" });
          res.end(JSON.stringify({ type: "error", error: { type: "api_error", message: "Internal server error" } }));
          return;
        }
        if (mode === "not-json") {
          res.writeHead(200, { "content-type": "application/json" });
          res.end("<html>gateway</html>");
          return;
        }
        const listed = mode === "missing-id" ? symbols.slice(1) : symbols;
        const text =
          mode === "text-not-json"
            ? "Here are your summaries: the first one does things."
            : JSON.stringify({
                summaries: listed.map((symbol) => ({ id: symbol.id, summary: `Summary of ${symbol.name}.`, concepts: ["test", symbol.name] })),
              });
        const usage = state.usage(symbols.length);
        state.answered.push(usage);
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            id: "msg_test",
            type: "message",
            role: "assistant",
            model: body.model,
            content: [{ type: "text", text }],
            stop_reason: "end_turn",
            usage,
          }),
        );
      };
      if (state.mode === "hold") held.push(() => answer("ok"));
      else answer(state.mode);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
