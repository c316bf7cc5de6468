import { TsiftError } from "@tsift/core/light";

/** One symbol sent for summarizing. `id` is unique within its batch. */
export interface SummaryRequestItem {
  id: string;
  file: string;
  name: string;
  kind: string;
  source: string;
}

export interface SymbolSummary {
  summary: string;
  concepts: string[];
}

export interface SummaryBatchResult {
  /** One answer per requested id; a provider that cannot answer every id throws instead. */
  summaries: Map<string, SymbolSummary>;
  model: string;
  tokensInput: number;
  tokensOutput: number;
}

/** Where summaries come from: an LLM behind an API, or anything that answers the same shape. */
export interface SummaryProvider {
  readonly model: string;
  summarize(batch: readonly SummaryRequestItem[]): Promise<SummaryBatchResult>;
}

export const DEFAULT_SUMMARY_MODEL = "claude-haiku-4-5-20251001";
export const DEFAULT_API_KEY_ENV = "ANTHROPIC_API_KEY";
export const DEFAULT_ANTHROPIC_BASE_URL = "https://api.anthropic.com";
export const ANTHROPIC_VERSION = "2023-06-01";

export interface AnthropicProviderOptions {
  apiKey: string;
  model?: string | undefined;
  /** Default https://api.anthropic.com; `/v1/messages` is appended. */
  baseUrl?: string | undefined;
  maxTokens?: number | undefined;
  /** Replaces the global fetch (a proxy agent, a recorder). */
  fetch?: typeof fetch | undefined;
}

const SYSTEM_PROMPT =
  "You summarize source code symbols for a code index. For each symbol, write a summary of one to three sentences " +
  "saying what it does and why a caller would use it, and up to five short domain concept labels. Answer with JSON only, " +
  'no prose and no code fences: {"summaries":[{"id":"<id>","summary":"<text>","concepts":["<label>"]}]} with exactly one entry per id.';

/** The user message: every symbol of the batch, delimited so ids stay unambiguous. */
export function summaryPrompt(batch: readonly SummaryRequestItem[]): string {
  const parts = batch.map((item) => `<symbol id="${item.id}" file="${item.file}" name="${item.name}" kind="${item.kind}">\n${item.source}\n</symbol>`);
  return `Summarize these ${batch.length} symbols.\n\n${parts.join("\n\n")}`;
}

function providerError(message: string, details: Record<string, unknown>): TsiftError {
  return new TsiftError("backend_error", message, { details, hint: "check the endpoint, key and model, then rerun `tsift summarize --extract`" });
}

/** Pulls the JSON object out of a text answer, tolerating a fenced block around it. */
function answerJson(text: string): unknown {
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start < 0 || end < start) throw new SyntaxError("no JSON object in the answer");
  return JSON.parse(text.slice(start, end + 1));
}

/**
 * Reads a Messages API answer: every requested id must come back with a string summary,
 * or the whole batch is refused (`backend_error`), so no partial batch is ever stored.
 */
export function parseSummaryAnswer(body: unknown, batch: readonly SummaryRequestItem[], model: string): SummaryBatchResult {
  const malformed = (why: string) => providerError(`the summary provider's answer is malformed: ${why}`, { status: 200, reason: why });
  if (typeof body !== "object" || body === null) throw malformed("the body is not a JSON object");
  const record = body as { content?: unknown; usage?: { input_tokens?: unknown; output_tokens?: unknown }; model?: unknown };
  if (!Array.isArray(record.content)) throw malformed("no content array");
  const text = record.content
    .filter(
      (block): block is { type: "text"; text: string } =>
        typeof block === "object" && block !== null && block.type === "text" && typeof block.text === "string",
    )
    .map((block) => block.text)
    .join("");
  let parsed: unknown;
  try {
    parsed = answerJson(text);
  } catch (error) {
    throw malformed(`the text is not JSON (${(error as Error).message})`);
  }
  const entries = (parsed as { summaries?: unknown }).summaries;
  if (!Array.isArray(entries)) throw malformed("no summaries array in the text");
  const wanted = new Set(batch.map((item) => item.id));
  const summaries = new Map<string, SymbolSummary>();
  for (const entry of entries as { id?: unknown; summary?: unknown; concepts?: unknown }[]) {
    if (typeof entry?.id !== "string" || !wanted.has(entry.id)) continue;
    if (typeof entry.summary !== "string" || entry.summary.trim() === "") throw malformed(`symbol ${entry.id} has no summary text`);
    const concepts = Array.isArray(entry.concepts) ? entry.concepts.filter((label): label is string => typeof label === "string").slice(0, 5) : [];
    summaries.set(entry.id, { summary: entry.summary.trim(), concepts });
  }
  const missing = batch.filter((item) => !summaries.has(item.id)).map((item) => item.id);
  if (missing.length > 0) throw malformed(`no answer for ${missing.length} of ${batch.length} symbols (${missing.slice(0, 3).join(", ")})`);
  const tokens = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);
  return {
    summaries,
    model: typeof record.model === "string" ? record.model : model,
    tokensInput: tokens(record.usage?.input_tokens),
    tokensOutput: tokens(record.usage?.output_tokens),
  };
}

/**
 * The Anthropic Messages API (`POST /v1/messages`), several symbols per request. Any
 * non-2xx status (429 included: the extract is rerun, not retried behind the user's back)
 * and any body that is not the expected answer fail closed with `backend_error` naming
 * the status, before anything is written.
 */
export function anthropicSummaryProvider(options: AnthropicProviderOptions): SummaryProvider {
  const model = options.model ?? DEFAULT_SUMMARY_MODEL;
  const url = `${(options.baseUrl ?? DEFAULT_ANTHROPIC_BASE_URL).replace(/\/+$/, "")}/v1/messages`;
  const doFetch = options.fetch ?? fetch;
  return {
    model,
    async summarize(batch) {
      const body = JSON.stringify({
        model,
        max_tokens: options.maxTokens ?? Math.min(4096, 200 + 160 * batch.length),
        system: SYSTEM_PROMPT,
        messages: [{ role: "user", content: summaryPrompt(batch) }],
      });
      let response: Response;
      try {
        response = await doFetch(url, {
          method: "POST",
          headers: { "content-type": "application/json", "x-api-key": options.apiKey, "anthropic-version": ANTHROPIC_VERSION },
          body,
        });
      } catch (error) {
        throw providerError(`cannot reach the summary provider at ${url}: ${(error as Error).message}`, { url, status: null });
      }
      const text = await response.text();
      if (!response.ok) {
        const retry = response.headers.get("retry-after");
        const what = response.status === 429 ? "rate limited (429)" : `HTTP ${response.status}`;
        throw providerError(`the summary provider answered ${what}${retry ? `, retry after ${retry}s` : ""}: ${errorMessage(text)}`, {
          url,
          status: response.status,
          retryAfter: retry,
        });
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw providerError(`the summary provider's answer is malformed: HTTP ${response.status} with a body that is not JSON`, {
          url,
          status: response.status,
        });
      }
      return parseSummaryAnswer(json, batch, model);
    },
  };
}

/** The API's own error message when it sent one, else the start of the body. */
function errorMessage(text: string): string {
  try {
    const message = (JSON.parse(text) as { error?: { message?: unknown } }).error?.message;
    if (typeof message === "string") return message;
  } catch {
    // Not JSON: show the raw start below.
  }
  return text.slice(0, 200).replace(/\s+/g, " ").trim() || "(empty body)";
}
