import type { SymbolKind, Visibility } from "../../extraction-types";
import type { RuleContext, SymbolDraft } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { oneLine, signatureOf } from "../../signature";
import { recordAlias, resolveAlias } from "./ruby-aliases";
import { BODY_OWNERS, bodyAt, bodyVisibility, enterBody } from "./ruby-bodies";
import { enterMethod, inMethodOf } from "./ruby-methods";
import { bindLocal, declareLocal, openScope } from "./ruby-scopes";
import { callParts, constantPath, fieldChildren, lastStatement, pathText, qualifiedIn, symbolName, type ConstantPath } from "./ruby-text";
import { isPortable, valueType } from "./ruby-types";

/**
 * Ruby declarations. `module` -> module, `class` -> class (its superclass and its
 * `include`/`extend`/`prepend` mixins are its bases), `def` -> method (`initialize`: the
 * constructor), `def self.x` and the `def`s of `class << self` -> methods whose signature
 * says `def self.x`, a `def` outside any class or module -> function. Constant assignments
 * are consts, except `X = Struct.new(…)`, `Class.new(Base)`, `Data.define(…)` (a class, whose
 * block holds its methods), `Module.new` (a module) and `X = Other::Name` (an alias whose
 * `value_type` is the target: calls through it are read as the target's, ruby-aliases.ts). `attr_reader`/`attr_writer`/
 * `attr_accessor` names are properties. Compact names declare nested ones (`class A::B` is
 * `A.B`); qualified names join with `.` as in every language, so `A::B` finds them too.
 *
 * Visibility is Ruby's: sections (`private` alone), wrapped (`private def x`) and named
 * (`private :x`, `private_constant :X`) ones (ruby-bodies.ts); `initialize` and a top-level
 * `def` (a method of `Object`) are private; everything else is public.
 */

/** `SymbolKind` does not list `module` yet; @tsift/index already treats it as a type holding members. */
export const MODULE_KIND = "module" as string as SymbolKind;

/** Methods Ruby makes private whatever section they are in. */
const ALWAYS_PRIVATE = new Set(["initialize", "initialize_copy", "initialize_clone", "initialize_dup", "respond_to_missing?"]);
const ATTRIBUTE_CALLS = new Set(["attr", "attr_reader", "attr_writer", "attr_accessor"]);
/** Values whose type an expression may declare (ruby-types.ts); any other value leaves a local untyped. */
const TYPED_VALUES = new Set(["call", "constant", "scope_resolution", "identifier", "instance_variable", "parenthesized_statements"]);
/** A constant initializer this short and on one line stays in the signature (`MAX = 10`). */
const MAX_INLINE_VALUE = 80;

/** The parent a compact name (`A::B`, `::B`) declares under, or the container itself. */
function declaredParent(container: string | null, path: ConstantPath): string | null {
  const outer = path.segments.slice(0, -1);
  if (outer.length === 0) return path.rooted ? null : container;
  return qualifiedIn(container, outer, path.rooted);
}

/** A class or module's visibility: `private_constant :Name` in the body around it, else public. */
function constantVisibility(context: RuleContext, offset: number, name: string): Visibility {
  return bodyVisibility(bodyAt(context, offset), offset, name, false) ?? "public";
}

/**
 * Every file's top-level constants live in one namespace, Ruby's root (`::`): recorded as
 * the file's package, so a constant another file declares is found by its name.
 */
export const ROOT_NAMESPACE = "::";

export function program(node: SyntaxNode, context: RuleContext): null {
  openScope(context, node.startIndex, node.endIndex, true);
  context.memberType?.("<package>", ROOT_NAMESPACE, "");
  return null;
}

export function moduleDefinition(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const nameNode = node.childForFieldName("name");
  const path = constantPath(nameNode);
  if (!nameNode || !path) return null;
  const name = path.segments[path.segments.length - 1]!;
  const visibility = constantVisibility(context, node.startIndex, name);
  const facts = enterBody(context, node);
  openScope(context, node.startIndex, node.endIndex, true);
  const draft: SymbolDraft = {
    name,
    kind: MODULE_KIND,
    signature: oneLine(context.source.slice(node.startIndex, nameNode.endIndex)),
    visibility,
    callable: false,
    container: true,
    parent: declaredParent(context.container()?.qualified_name ?? null, path),
  };
  if (facts.mixins.length > 0) draft.bases = facts.mixins;
  return draft;
}

export function classDefinition(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const nameNode = node.childForFieldName("name");
  const path = constantPath(nameNode);
  if (!nameNode || !path) return null;
  const name = path.segments[path.segments.length - 1]!;
  const superclass = node.childForFieldName("superclass");
  const base = constantPath(superclass?.firstNamedChild);
  const visibility = constantVisibility(context, node.startIndex, name);
  const facts = enterBody(context, node);
  openScope(context, node.startIndex, node.endIndex, true);
  const draft: SymbolDraft = {
    name,
    kind: "class",
    signature: oneLine(context.source.slice(node.startIndex, (superclass ?? nameNode).endIndex)),
    visibility,
    callable: false,
    container: true,
    parent: declaredParent(context.container()?.qualified_name ?? null, path),
  };
  const bases = [...(base ? [pathText(base)] : []), ...facts.mixins];
  if (bases.length > 0) draft.bases = bases;
  return draft;
}

/** `class << self`: no symbol; its body's `def`s are singleton methods of the class around it. */
export function singletonClass(node: SyntaxNode, context: RuleContext): null {
  enterBody(context, node);
  openScope(context, node.startIndex, node.endIndex, true);
  return null;
}

/** The parent of `def Foo.bar`: `Foo` itself, or the class around it when `Foo` names it. */
function singletonOwner(object: SyntaxNode | null, container: { name: string; qualified_name: string } | null): string | null {
  const path = constantPath(object);
  if (!path) return container?.qualified_name ?? null;
  if (container && path.segments.length === 1 && !path.rooted && container.name === path.segments[0]) return container.qualified_name;
  return path.segments.join(".");
}

/** What a method returns when its last statement says: a constructed instance (`Foo.new`, `new`), or `@x ||= Foo.new`. */
function returnType(body: SyntaxNode | null, context: RuleContext, inClass: boolean): string | null {
  let last = lastStatement(body);
  if (last?.type === "assignment" || last?.type === "operator_assignment") last = last.childForFieldName("right");
  // Only a construction is a return type (`Foo.new`, `new`): other values are not read.
  if (!last || !(last.type === "call" || (last.type === "identifier" && last.text === "new"))) return null;
  if (last.type === "call" && callParts(last, context.source).name !== "new") return null;
  const type = valueType(last, context, inClass);
  return isPortable(type) && !type.includes("(") ? type : null;
}

const METHOD_NODES = new Set(["body", "object"]);

export function methodDefinition(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const fields = fieldChildren(node, METHOD_NODES);
  const nameField = fields.get("name");
  if (!nameField) return null;
  const name = context.source.slice(nameField.start, nameField.end);
  const parameters = fields.get("parameters") ?? null;
  const container = context.container();
  const inBody = context.parentType() === "body_statement" && BODY_OWNERS.has(context.ancestorType(1) ?? "");
  let head = context.source.slice(node.startIndex, (parameters ?? nameField).end);
  let singleton = false;
  let parent = container?.qualified_name ?? null;
  if (node.type === "singleton_method") {
    singleton = true;
    parent = singletonOwner(fields.get("object")?.node ?? null, container);
  }
  const facts = bodyAt(context, node.startIndex);
  if (!singleton && facts?.singleton && !inMethodOf(context, node.startIndex, facts.start)) {
    // A `def` anywhere in `class << self` (not in another `def`) defines a singleton method.
    singleton = true;
    head = head.replace(/^def\s+/u, "def self.");
  }
  let visibility: Visibility;
  if (parent === null) visibility = "private";
  else {
    const sectioned = inBody && (node.type === "method" || facts?.singleton === true);
    visibility =
      bodyVisibility(facts, node.startIndex, `${singleton ? "." : "#"}${name}`, sectioned) ?? (!singleton && ALWAYS_PRIVATE.has(name) ? "private" : "public");
  }
  openScope(context, node.startIndex, node.endIndex, true);
  enterMethod(context, { start: node.startIndex, end: node.endIndex, name, singleton, owner: parent, ownerIsClass: container?.kind === "class" });
  const draft: SymbolDraft = {
    name,
    kind: parent === null ? "function" : !singleton && name === "initialize" ? "constructor" : "method",
    signature: oneLine(head),
    visibility,
    callable: true,
    container: false,
    parent,
  };
  const returns = returnType(fields.get("body")?.node ?? null, context, container !== null);
  if (returns) {
    draft.return_type = returns;
    // A reader (`def repo = @repo ||= Repo.new`) types `repo.save()` in the class as a member would.
    if (!singleton && parameters === null && container !== null) context.memberType?.(name, returns);
  }
  return draft;
}

/** `Struct.new(…)`, `Class.new(Base)`, `Data.define(…)`, `Module.new`: a constant bound to one is a class (module). */
function typeFactory(value: SyntaxNode | null): { kind: SymbolKind; base: string | null } | null {
  if (value?.type !== "call") return null;
  const receiver = constantPath(value.childForFieldName("receiver"));
  const method = value.childForFieldName("method")?.text;
  if (!receiver || receiver.segments.length !== 1 || (method !== "new" && method !== "define")) return null;
  const owner = receiver.segments[0];
  if (method === "define") return owner === "Data" ? { kind: "class", base: null } : null;
  if (owner === "Struct") return { kind: "class", base: null };
  if (owner === "Module") return { kind: MODULE_KIND, base: null };
  if (owner !== "Class") return null;
  const base = constantPath(value.childForFieldName("arguments")?.firstNamedChild);
  return { kind: "class", base: base ? pathText(base) : null };
}

function constantSignature(source: string, node: SyntaxNode, value: SyntaxNode | null): string {
  if (!value) return oneLine(source.slice(node.startIndex, node.endIndex));
  const block = value.type === "call" ? value.childForFieldName("block") : null;
  if (block) return signatureOf(source, node, block);
  const text = source.slice(value.startIndex, value.endIndex);
  if (text.length <= MAX_INLINE_VALUE && !text.includes("\n")) return oneLine(source.slice(node.startIndex, value.endIndex));
  return signatureOf(source, node, value);
}

function constantDraft(node: SyntaxNode, target: SyntaxNode, value: SyntaxNode | null, context: RuleContext): SymbolDraft | null {
  // Assigning a constant in a method is a syntax error in Ruby.
  if (inMethodOf(context, node.startIndex, bodyAt(context, node.startIndex)?.start ?? null)) return null;
  const path = constantPath(target);
  if (!path) return null;
  const name = path.segments[path.segments.length - 1]!;
  const factory = typeFactory(value);
  const draft: SymbolDraft = {
    name,
    kind: factory?.kind ?? "const",
    signature: constantSignature(context.source, node, value),
    visibility: constantVisibility(context, node.startIndex, name),
    spanNode: node,
    callable: false,
    container: factory !== null,
    parent: declaredParent(context.container()?.qualified_name ?? null, path),
  };
  if (factory?.base) draft.bases = [factory.base];
  const aliased = constantPath(value);
  if (aliased) {
    // `Repo = Storage::UserRepository`: another name of a class or module, never constructed itself.
    const resolved = resolveAlias(context, aliased);
    draft.kind = "alias";
    draft.value_type = pathText(resolved);
    if (draft.parent === null && path.segments.length === 1) recordAlias(context, name, resolved);
  }
  return draft;
}

/**
 * `x = …` binds a local (typed by its value), `@x = Repo.new` types the member `x` of the
 * class, `X = …` declares a constant; `a, B = …` does each.
 */
const NO_NODES: ReadonlySet<string> = new Set();

export function assignment(node: SyntaxNode, context: RuleContext): SymbolDraft | SymbolDraft[] | null {
  const fields = fieldChildren(node, NO_NODES);
  const left = fields.get("left");
  if (!left) return null;
  // `x = …`, the most frequent statement, materializes nothing: its value is read if the local is ever a receiver.
  if (left.type === "identifier") {
    const name = context.source.slice(left.start, left.end);
    const valueKind = fields.get("right")?.type;
    if (node.type === "operator_assignment") declareLocal(context, node.startIndex, name);
    else {
      const inClass = context.container() !== null;
      const typed = valueKind !== undefined && TYPED_VALUES.has(valueKind);
      // A local from here on (`a = a` reads it), typed by its value once the value is read.
      declareLocal(context, node.startIndex, name);
      const end = node.endIndex;
      bindLocal(context, node.startIndex, name, typed ? () => valueType(node.childForFieldName("right"), context, inClass) : null, end);
    }
    return null;
  }
  if (left.type !== "instance_variable" && left.type !== "constant" && left.type !== "scope_resolution" && left.type !== "left_assignment_list") return null;
  const target = node.childForFieldName("left");
  const value = node.childForFieldName("right");
  if (!target) return null;
  const inClass = context.container() !== null;
  switch (target.type) {
    case "instance_variable": {
      const type = inClass ? valueType(value, context, inClass) : null;
      if (isPortable(type)) context.memberType?.(target.text.slice(1), type);
      return null;
    }
    case "constant":
    case "scope_resolution":
      return constantDraft(node, target, value, context);
    case "left_assignment_list": {
      const drafts: SymbolDraft[] = [];
      for (const item of target.namedChildren) {
        if (item.type !== "constant" && item.type !== "scope_resolution") continue;
        const draft = constantDraft(node, item, null, context);
        if (draft) drafts.push({ ...draft, signature: oneLine(context.source.slice(node.startIndex, node.endIndex)) });
      }
      return drafts.length > 0 ? drafts : null;
    }
    default:
      return null;
  }
}

/** `attr_reader :a, :b`: a property per name, outside methods, inside a class or module. */
export function attributes(node: SyntaxNode, context: RuleContext): SymbolDraft[] | null {
  const { name: method, methodType, receiver } = callParts(node, context.source);
  if (method === null || methodType !== "identifier" || !ATTRIBUTE_CALLS.has(method) || receiver) return null;
  const container = context.container();
  const facts = bodyAt(context, node.startIndex);
  if (!container || inMethodOf(context, node.startIndex, facts?.start ?? null)) return null;
  const inBody = context.parentType() === "body_statement" && BODY_OWNERS.has(context.ancestorType(1) ?? "");
  const drafts: SymbolDraft[] = [];
  for (const argument of node.childForFieldName("arguments")?.namedChildren ?? []) {
    const name = symbolName(argument);
    if (name === null || name === "") continue;
    drafts.push({
      name,
      kind: "property",
      signature: `${method} :${name}`,
      parent: container.qualified_name,
      visibility: bodyVisibility(facts, node.startIndex, `#${name}`, inBody) ?? "public",
      callable: false,
      container: false,
    });
  }
  return drafts.length > 0 ? drafts : null;
}

/** Blocks and lambdas see the locals around them; their parameters are their own. */
export function blockScope(node: SyntaxNode, context: RuleContext): null {
  openScope(context, node.startIndex, node.endIndex, false);
  return null;
}
