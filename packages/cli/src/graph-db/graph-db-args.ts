import { TsiftError } from "@tsift/core/light";

/** Parses repeatable `--property KEY=VALUE` flags; the value may itself contain "=". */
export function parsePropertyFlags(values: readonly string[] | undefined): Record<string, string> | undefined {
  if (!values || values.length === 0) return undefined;
  const properties: Record<string, string> = {};
  for (const raw of values) {
    const at = raw.indexOf("=");
    if (at <= 0) throw new TsiftError("usage", `--property expects KEY=VALUE, got "${raw}"`, { hint: "e.g. --property path=src/main.rs" });
    properties[raw.slice(0, at)] = raw.slice(at + 1);
  }
  return properties;
}

export function wholeNumber(flag: string, value: unknown, { min = 0 }: { min?: number } = {}): number | undefined {
  if (value === undefined) return undefined;
  const number = typeof value === "number" ? value : Number(value);
  if (!Number.isInteger(number) || number < min) throw new TsiftError("usage", `${flag} expects a whole number >= ${min}, got "${String(value)}"`);
  return number;
}

export function stringList(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  const list = (Array.isArray(value) ? value : [value])
    .map(String)
    .flatMap((item) => item.split(","))
    .filter(Boolean);
  return list.length > 0 ? list : undefined;
}

/** The paging flags of the list reads, checked as every parser reads them. */
export function pageFlags(options: {
  cursor?: string | undefined;
  limit?: number | undefined;
  property?: readonly string[] | undefined;
  edgeKinds?: readonly string[] | undefined;
}) {
  return {
    cursor: options.cursor,
    limit: wholeNumber("--limit", options.limit),
    properties: parsePropertyFlags(options.property),
    edgeKinds: stringList(options.edgeKinds),
  };
}
