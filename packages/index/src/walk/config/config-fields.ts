import { TsiftError } from "@tsift/core/light";
import { TomlDate } from "smol-toml";

export type TomlTable = Record<string, unknown>;

/** Where a value sits, for messages: the file and the dotted key path. */
export interface FieldContext {
  file: string;
  warnings: string[];
}

// `overrides."vendor/foo".tier`: bare TOML keys stay bare, anything else is quoted
// the way the user has to write it in the file.
export function keyPath(path: readonly string[]): string {
  return path.map((part) => (/^[A-Za-z0-9_-]+$/.test(part) ? part : JSON.stringify(part))).join(".");
}

export function isTable(value: unknown): value is TomlTable {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof TomlDate);
}

export function describe(value: unknown): string {
  if (value instanceof TomlDate) return "a date";
  if (Array.isArray(value)) return "an array";
  if (isTable(value)) return "a table";
  if (typeof value === "string") return `the string ${JSON.stringify(value)}`;
  if (typeof value === "number") return Number.isInteger(value) ? `the integer ${value}` : `the float ${value}`;
  if (typeof value === "bigint") return `the integer ${value}`;
  return `the ${typeof value} ${String(value)}`;
}

export function typeError(ctx: FieldContext, key: string, expected: string, value: unknown): TsiftError {
  return new TsiftError("invalid_input", `${ctx.file}: \`${key}\` must be ${expected}, got ${describe(value)}`, {
    details: { file: ctx.file, key, expected },
    hint: `Fix \`${key}\` in ${ctx.file}`,
  });
}

export function warnUnknownKeys(ctx: FieldContext, table: TomlTable, path: readonly string[], known: readonly string[]): void {
  for (const key of Object.keys(table)) {
    if (!known.includes(key)) {
      const where = keyPath([...path, key]);
      const expected = known.length > 0 ? ` (known keys${path.length > 0 ? ` in [${keyPath(path)}]` : ""}: ${known.join(", ")})` : "";
      ctx.warnings.push(`${ctx.file}: unknown key \`${where}\` ignored${expected}`);
    }
  }
}

export function readTable(ctx: FieldContext, parent: TomlTable, path: readonly string[]): TomlTable | undefined {
  const value = parent[path[path.length - 1]!];
  if (value === undefined) return undefined;
  if (!isTable(value)) throw typeError(ctx, keyPath(path), "a table", value);
  return value;
}

export function readBoolean(ctx: FieldContext, table: TomlTable, path: readonly string[]): boolean | undefined {
  const value = table[path[path.length - 1]!];
  if (value === undefined) return undefined;
  if (typeof value !== "boolean") throw typeError(ctx, keyPath(path), "a boolean (true or false)", value);
  return value;
}

export function readString(ctx: FieldContext, table: TomlTable, path: readonly string[]): string | undefined {
  const value = table[path[path.length - 1]!];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw typeError(ctx, keyPath(path), "a string", value);
  return value;
}

export function readChoice<T extends string>(ctx: FieldContext, table: TomlTable, path: readonly string[], choices: readonly T[]): T | undefined {
  const value = table[path[path.length - 1]!];
  if (value === undefined) return undefined;
  const choice = choices.find((candidate) => candidate === value);
  if (choice === undefined) {
    throw typeError(ctx, keyPath(path), `one of ${choices.map((c) => JSON.stringify(c)).join(", ")}`, value);
  }
  return choice;
}

export function readPositiveInteger(ctx: FieldContext, table: TomlTable, path: readonly string[]): number | undefined {
  const value = table[path[path.length - 1]!];
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) {
    throw typeError(ctx, keyPath(path), "a positive integer", value);
  }
  return value;
}

export function readStringArray(ctx: FieldContext, table: TomlTable, path: readonly string[]): string[] | undefined {
  const value = table[path[path.length - 1]!];
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw typeError(ctx, keyPath(path), "an array of strings", value);
  return value.map((item, i) => {
    if (typeof item !== "string" || item.length === 0) {
      throw typeError(ctx, `${keyPath(path)}[${i}]`, "a non-empty string", item);
    }
    return item;
  });
}
