import { readFileSync } from "node:fs";
import { TsiftError } from "@tsift/core/light";
import { shippedTokenSavingsFixturePath } from "../shipped-fixtures";

/** One recorded comparison: what an agent would read without tsift, and tsift's bounded answer to the same question. */
export interface TokenSavingsCase {
  id: string;
  /** The tsift surface measured: search, explain, source-read, diff-digest, test-digest, log-digest, … */
  surface: string;
  /** Where the input came from (package and version, or this repository and a commit). */
  source: string;
  raw: { command: string; text: string };
  answer: { command: string; text: string };
  /** Strings (usually `file:line` anchors or test names) the answer must still contain. */
  required: string[];
  /** The least share of tokens the answer must save, 0..1. */
  min_savings: number;
}

export interface TokenSavingsFixture {
  version: 1;
  description?: string;
  cases: TokenSavingsCase[];
}

export interface TokenSavingsResult {
  id: string;
  surface: string;
  source: string;
  raw_bytes: number;
  answer_bytes: number;
  raw_tokens: number;
  answer_tokens: number;
  /** Share of tokens saved, four decimals: at most 1, below 0 when the answer costs more than the raw read. */
  savings: number;
  min_savings: number;
  missing: string[];
  pass: boolean;
}

export interface TokenSavingsReport {
  fixture: string;
  tokenizer: string;
  cases: TokenSavingsResult[];
  summary: {
    cases: number;
    passed: number;
    failed: number;
    median_savings: number;
    raw_tokens: number;
    answer_tokens: number;
    /** Per surface: cases and median savings. */
    surfaces: { surface: string; cases: number; median_savings: number }[];
  };
}

export const TOKENIZER = "o200k_base";

const median = (values: readonly number[]) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const round = (value: number) => Math.round(value * 10_000) / 10_000;

function checkFixture(value: unknown, path: string): TokenSavingsFixture {
  const fail = (why: string): never => {
    throw new TsiftError("invalid_input", `${path} is not a token-savings fixture: ${why}`);
  };
  if (typeof value !== "object" || value === null || !Array.isArray((value as { cases?: unknown }).cases)) fail('expected {"version":1,"cases":[…]}');
  const fixture = value as TokenSavingsFixture;
  if (fixture.version !== 1) fail(`unknown version ${String(fixture.version)}`);
  fixture.cases.forEach((entry, index) => {
    const where = `case ${index + 1}`;
    if (typeof entry?.id !== "string" || typeof entry.surface !== "string") fail(`${where} needs an id and a surface`);
    if (typeof entry.raw?.text !== "string" || typeof entry.answer?.text !== "string") fail(`${where} (${entry.id}) needs raw.text and answer.text`);
    if (!Array.isArray(entry.required) || entry.required.some((item) => typeof item !== "string"))
      fail(`${where} (${entry.id}): required must be a list of strings`);
    if (typeof entry.min_savings !== "number" || entry.min_savings < 0 || entry.min_savings > 1) fail(`${where} (${entry.id}): min_savings must be 0..1`);
  });
  return fixture;
}

/** Reads and checks a fixture file: the one at `path`, or the shipped one when none is given. */
export function readTokenSavingsFixture(path: string = shippedTokenSavingsFixturePath()): TokenSavingsFixture {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new TsiftError((error as NodeJS.ErrnoException).code === "ENOENT" ? "not_found" : "io_error", `cannot read ${path}: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new TsiftError("invalid_input", `${path} is not valid JSON: ${(error as Error).message}`);
  }
  return checkFixture(parsed, path);
}

/**
 * The token-savings report: per case the bytes and tokens (o200k_base BPE, as counted
 * for GPT-4o-class models) of the raw read and of tsift's answer, the share saved, the
 * required anchors the answer lost, and pass/fail against the case's threshold.
 */
export async function evaluateTokenSavings(fixture: TokenSavingsFixture, fixturePath = "(inline)"): Promise<TokenSavingsReport> {
  const { countTokens } = await import("gpt-tokenizer/encoding/o200k_base");
  const count = (text: string) => (text === "" ? 0 : countTokens(text));
  const cases = fixture.cases.map((entry): TokenSavingsResult => {
    const rawTokens = count(entry.raw.text);
    const answerTokens = count(entry.answer.text);
    // Negative when tsift's answer is longer than the raw read: reported as it is, never clamped to 0.
    const savings = rawTokens > 0 ? round(1 - answerTokens / rawTokens) : 0;
    const missing = entry.required.filter((anchor) => !entry.answer.text.includes(anchor));
    return {
      id: entry.id,
      surface: entry.surface,
      source: entry.source,
      raw_bytes: Buffer.byteLength(entry.raw.text),
      answer_bytes: Buffer.byteLength(entry.answer.text),
      raw_tokens: rawTokens,
      answer_tokens: answerTokens,
      savings,
      min_savings: entry.min_savings,
      missing,
      pass: savings >= entry.min_savings && missing.length === 0,
    };
  });
  const surfaces = [...new Set(cases.map((entry) => entry.surface))].sort().map((surface) => {
    const members = cases.filter((entry) => entry.surface === surface);
    return { surface, cases: members.length, median_savings: round(median(members.map((entry) => entry.savings))) };
  });
  const passed = cases.filter((entry) => entry.pass).length;
  return {
    fixture: fixturePath,
    tokenizer: TOKENIZER,
    cases,
    summary: {
      cases: cases.length,
      passed,
      failed: cases.length - passed,
      median_savings: round(median(cases.map((entry) => entry.savings))),
      raw_tokens: cases.reduce((sum, entry) => sum + entry.raw_tokens, 0),
      answer_tokens: cases.reduce((sum, entry) => sum + entry.answer_tokens, 0),
      surfaces,
    },
  };
}
