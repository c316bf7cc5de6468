import type { ResolverImport, ResolverSymbol } from "./resolver-types";
import { IDENTIFIER_PATH, resolutionOf } from "./resolution-models";

// Reading type and import text the way the resolver tables compare it: reference paths,
// type arguments dropped, base-type lists, the local name an import binds.

/** `Effect.Effect<A, E>` -> ["Effect", "Effect"]; null for anything but an (optionally generic, nullable) name path. */
export function typeReferencePath(text: string): string[] | null {
  let type = stripTypeArguments(text.trim()).replace(/^readonly\s+/u, "");
  type = type
    .split("|")
    .map((part) => part.trim())
    .filter((part) => part !== "" && part !== "undefined" && part !== "null")
    .join("|");
  if (!IDENTIFIER_PATH.test(type)) return null;
  return type.split(/\.|::/u);
}

/** Removes balanced `<…>` groups (an arrow's `=>` is not a closing bracket). */
export function stripTypeArguments(text: string): string {
  if (!text.includes("<")) return text;
  let out = "";
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === "<") depth++;
    else if (char === ">" && text[i - 1] !== "=" && depth > 0) depth--;
    else if (depth === 0) out += char;
  }
  return out;
}

/** Base type names from a declaration signature. */
export function heritageNames(type: ResolverSymbol): string[] {
  if (type.bases) return type.bases.split(",");
  const signature = type.signature;
  if (!signature) return [];
  const head = stripTypeArguments(signature);
  const { heritage, baseModifiers } = resolutionOf(type.language);
  if (heritage === "parenthesized") {
    const bases = /^\s*class\s+[\w$]+\s*\(([^)]*)\)/u.exec(head)?.[1] ?? "";
    return splitNames(bases.replace(/\b\w+\s*=\s*[\w.]+/gu, ""));
  }
  if (heritage === "colon") {
    const bases = /\)?\s*:\s*([^{]+)$/u.exec(head.replace(/\([^)]*\)/gu, ""))?.[1] ?? "";
    return splitNames(withoutModifiers(bases, baseModifiers ?? []));
  }
  if (type.kind === "type_alias") {
    const target = /=\s*(.+)$/u.exec(head)?.[1] ?? "";
    return target
      .split("&")
      .map((part) => part.trim())
      .filter((part) => IDENTIFIER_PATH.test(part));
  }
  const names: string[] = [];
  const extend = /\bextends\s+(.+?)(?=\bimplements\b|\{|$)/u.exec(head)?.[1];
  const implement = /\bimplements\s+(.+?)(?=\{|$)/u.exec(head)?.[1];
  for (const list of [extend, implement]) if (list) names.push(...splitNames(list));
  return names;
}

/** A base list without the words its language puts before a base's name (`public B, virtual C` -> `B, C`). */
function withoutModifiers(list: string, modifiers: readonly string[]): string {
  if (modifiers.length === 0) return list;
  const words = modifiers.map((word) => word.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&")).join("|");
  return list.replace(new RegExp(`(^|,)\\s*(?:(?:${words})\\s+)+`, "gu"), "$1");
}

function splitNames(list: string): string[] {
  return list
    .split(",")
    .map((part) => part.trim().replace(/\(.*$/u, ""))
    .filter((part) => IDENTIFIER_PATH.test(part));
}

/** The name an import binds in the importing file. */
export function localName(entry: ResolverImport): string {
  if (entry.alias) return entry.alias;
  if (entry.name && entry.name !== "*" && entry.name !== "default") return entry.name;
  // `import os.path` binds `os`; `use crate::db` binds `db`; a bare JS side-effect import binds nothing.
  const segments = entry.module.split(/\.|::|\//).filter(Boolean);
  return entry.module.includes("::") ? (segments[segments.length - 1] ?? "") : (segments[0] ?? "");
}

/**
 * `from . import store` / `use crate::store`: the imported name is itself a module file
 * (`packageFiles`: the file names that stand for their directory, `__init__`, `mod`).
 */
export function isModuleBinding(entry: ResolverImport, packageFiles: readonly string[] = []): boolean {
  if (entry.resolved_file === null || entry.name === null) return false;
  let stem = entry.resolved_file.replace(/\.[a-z]+$/, "");
  for (const file of packageFiles) if (stem.endsWith(`/${file}`)) stem = stem.slice(0, -file.length - 1);
  return stem === entry.name || stem.endsWith(`/${entry.name}`);
}
