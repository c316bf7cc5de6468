import { LANGS, langInfo, type ResolutionModel } from "@tsift/graph/langs";

/** Symbols whose members a call can land on; `const`/`variable`/`property` count when they hold members (object literals). */
export const TYPE_LIKE = new Set([
  "class",
  "struct",
  "impl",
  "trait",
  "interface",
  "object",
  "companion_object",
  "enum",
  "data_class",
  "sealed_class",
  "enum_class",
  "union",
  "namespace",
  "mod",
  "type_alias",
  "record",
  "module",
  "annotation",
  "typedef",
]);
export const VALUE_CONTAINERS = new Set(["const", "variable", "property"]);
/** Kinds that define code of their own, so a name of that kind is never just an import's binding. */
export const CALLABLE_DEFINITIONS = new Set(["function", "method", "constructor"]);
/** Kinds a call can run: functions and methods, and bindings that hold a function (`export const map = dual(…)`). */
export const CALLABLE = new Set([
  "function",
  "method",
  "constructor",
  "class",
  "struct",
  "data_class",
  "sealed_class",
  "enum_class",
  "record",
  "object",
  "union",
  "alias",
  "const",
  "variable",
  "property",
]);
/** Kinds `new X()` / `X()` may construct (a JS constructor function too). */
export const CONSTRUCTIBLE = new Set(["class", "struct", "record", "data_class", "sealed_class", "enum_class", "object", "const", "variable", "function"]);
export const MEMBER_KINDS = new Set(["method", "constructor", "getter", "setter"]);
export const IDENTIFIER_PATH = /^[\p{L}_$][\w$]*(?:(?:\.|::)[\p{L}_$][\w$]*)*$/u;

/**
 * The member type a Kotlin file's `package a.b` is recorded as (owner `""`): imports name a
 * package member, so the package tells which files an import can point at.
 */
export const PACKAGE_MEMBER = "<package>";

/** A language's resolution model (declared in its @tsift/graph definition), with its receivers as a set. */
export interface LanguageResolution extends ResolutionModel {
  readonly self: ReadonlySet<string>;
}

const MODELS = new Map<string, LanguageResolution>(
  LANGS.map((lang) => [lang, { ...langInfo(lang).resolution, self: new Set(langInfo(lang).resolution.selfReceivers) }]),
);

/** What a language unknown to this build gets: a family of its own, receivers `this`/`self`, no scoping. */
function unknownResolution(language: string): LanguageResolution {
  return {
    family: language,
    modules: "none",
    selfReceivers: ["this", "self"],
    self: new Set(["this", "self"]),
    implicitReceiver: false,
    importScope: "never",
    detachedMembers: false,
    typedThis: false,
    heritage: "extends",
  };
}

export function resolutionOf(language: string): LanguageResolution {
  let model = MODELS.get(language);
  if (!model) MODELS.set(language, (model = unknownResolution(language)));
  return model;
}

/** Languages of one family see each other's symbols (TS/TSX/JS/JSX are `js`). */
export function family(language: string): string {
  return resolutionOf(language).family;
}
