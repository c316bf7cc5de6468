import type { Visibility } from "../../extraction-types";
import type { RuleContext } from "../../language-rules";

/**
 * What a C-family rule needs to know about the region it is in, beyond the walker's
 * frames: the access level in force in a class body (`public:` applies to the members that
 * follow it) and whether an anonymous namespace encloses the node. The walk is in document
 * order, so a region is closed lazily once a later node starts past its end, as local
 * scopes are (see internal/local-types).
 */

interface Region {
  end: number;
  /** The access in force for members of this class body; null outside class bodies. */
  access: Visibility | null;
  /** An anonymous namespace: what it declares is private to the file. */
  anonymous: boolean;
  /** The class an out-of-line member definition belongs to (`void A::f() {}`: `A`), as a qualified name. */
  owner: string | null;
  /** A plain enum's body: the scope its enumerators are names of (null: the file's). */
  enumScope?: string | null;
}

const states = new WeakMap<RuleContext, Region[]>();

function regionsAt(context: RuleContext, offset: number): Region[] {
  let regions = states.get(context);
  if (!regions) states.set(context, (regions = []));
  while (regions.length > 0 && regions[regions.length - 1]!.end <= offset) regions.pop();
  return regions;
}

/** Opens a class body spanning `[start, end)` whose members start with `access`. */
export function openClassBody(context: RuleContext, start: number, end: number, access: Visibility): void {
  regionsAt(context, start).push({ end, access, anonymous: false, owner: null });
}

/** Opens an anonymous namespace spanning `[start, end)`. */
export function openAnonymousNamespace(context: RuleContext, start: number, end: number): void {
  regionsAt(context, start).push({ end, access: null, anonymous: true, owner: null });
}

/** Opens an out-of-line member definition of `owner` spanning `[start, end)`. */
export function openMemberDefinition(context: RuleContext, start: number, end: number, owner: string): void {
  regionsAt(context, start).push({ end, access: null, anonymous: false, owner });
}

/** `public:` / `private:` / `protected:` at `offset`: the access of the members after it. */
export function setAccess(context: RuleContext, offset: number, access: Visibility): void {
  const regions = regionsAt(context, offset);
  const top = regions[regions.length - 1];
  if (top && top.access !== null) top.access = access;
}

/** The access in force at `offset` in the innermost class body, or null outside one. */
export function accessAt(context: RuleContext, offset: number): Visibility | null {
  const regions = regionsAt(context, offset);
  return regions[regions.length - 1]?.access ?? null;
}

/** Whether an anonymous namespace encloses `offset`. */
export function inAnonymousNamespace(context: RuleContext, offset: number): boolean {
  return regionsAt(context, offset).some((region) => region.anonymous);
}

/** The class of the out-of-line member definition enclosing `offset`, or null. */
export function memberOwnerAt(context: RuleContext, offset: number): string | null {
  const regions = regionsAt(context, offset);
  for (let i = regions.length - 1; i >= 0; i--) if (regions[i]!.owner !== null) return regions[i]!.owner;
  return null;
}

const aliases = new WeakMap<RuleContext, Map<string, string>>();

/** `namespace fs = std::filesystem;`: later paths starting with `fs` name `std::filesystem`. */
export function addNamespaceAlias(context: RuleContext, alias: string, target: string): void {
  let map = aliases.get(context);
  if (!map) aliases.set(context, (map = new Map()));
  map.set(alias, target);
}

/** A `::` path with a namespace alias at its head replaced by the aliased namespace. */
export function expandNamespaceAlias(context: RuleContext, path: string): string {
  const map = aliases.get(context);
  if (!map) return path;
  const cut = path.indexOf("::");
  const head = cut < 0 ? path : path.slice(0, cut);
  const target = map.get(head);
  return target === undefined ? path : `${target}${cut < 0 ? "" : path.slice(cut)}`;
}

/** Opens the body of a plain (unscoped) enum, whose enumerators are names of `scope`. */
export function openEnumBody(context: RuleContext, start: number, end: number, scope: string | null): void {
  regionsAt(context, start).push({ end, access: null, anonymous: false, owner: null, enumScope: scope });
}

/** The scope an enumerator at `offset` belongs to when its enum is plain; undefined in a scoped enum (`enum class`). */
export function enumScopeAt(context: RuleContext, offset: number): string | null | undefined {
  const regions = regionsAt(context, offset);
  return regions[regions.length - 1]?.enumScope;
}
