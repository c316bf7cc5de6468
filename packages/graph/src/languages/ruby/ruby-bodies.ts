import type { Visibility } from "../../extraction-types";
import { cursorAt } from "../../internal/node-cursor";
import type { RuleContext } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { constantPath, pathText, symbolName } from "./ruby-text";

/**
 * What a class, module or `class << self` body says about its own declarations, read once
 * when the walk enters it (a method's visibility may be set by a statement after it:
 * `private :helper`):
 *
 * - `private` / `protected` / `public` / `module_function` alone open a section: the methods
 *   and attributes after them, in the same body, take that visibility;
 * - `private def x`, `private attr_reader :x`: the wrapped declaration takes it;
 * - `private :x, :y`, `private_class_method :new`, `private_constant :X`: named ones take it;
 * - `include M` / `extend M` / `prepend M`: mixins, recorded with the superclass as bases.
 */

const SECTION_WORDS: Readonly<Record<string, Visibility>> = {
  private: "private",
  protected: "protected",
  public: "public",
  // The module function is the module's public singleton method (its instance copy is private).
  module_function: "public",
};
/** What `private_class_method :x` and friends apply to: keys are `#name` (instance), `.name` (singleton), `name` (constant). */
const NAMING_CALLS: Readonly<Record<string, { visibility: Visibility; prefix: string }>> = {
  private: { visibility: "private", prefix: "#" },
  protected: { visibility: "protected", prefix: "#" },
  public: { visibility: "public", prefix: "#" },
  module_function: { visibility: "public", prefix: "#" },
  private_class_method: { visibility: "private", prefix: "." },
  public_class_method: { visibility: "public", prefix: "." },
  private_constant: { visibility: "private", prefix: "" },
  public_constant: { visibility: "public", prefix: "" },
};
const MIXINS = new Set(["include", "extend", "prepend"]);
/** Calls in a body that are declarations tsift reads itself, so they are no call sites. */
export const DECLARATION_CALLS: ReadonlySet<string> = new Set([...Object.keys(NAMING_CALLS), ...MIXINS, "attr", "attr_reader", "attr_writer", "attr_accessor"]);
/** Node types whose `body` is a body these facts are read for. */
export const BODY_OWNERS: ReadonlySet<string> = new Set(["class", "module", "singleton_class"]);

export interface BodyFacts {
  readonly start: number;
  readonly end: number;
  /** `class << self`: its methods are singleton methods. */
  readonly singleton: boolean;
  /** Sections in document order: from `offset` on, declarations take `visibility`. */
  readonly sections: { offset: number; visibility: Visibility }[];
  /** Start offset of a declaration passed to a visibility call -> that visibility. */
  readonly wrapped: Map<number, Visibility>;
  /** `#name`, `.name` or `name` -> visibility set by a naming call. */
  readonly named: Map<string, Visibility>;
  /** `include`/`extend`/`prepend` arguments, as constant paths. */
  readonly mixins: string[];
}

const states = new WeakMap<RuleContext, BodyFacts[]>();

function framesAt(context: RuleContext, offset: number): BodyFacts[] {
  let frames = states.get(context);
  if (!frames) states.set(context, (frames = []));
  while (frames.length > 0 && frames[frames.length - 1]!.end <= offset) frames.pop();
  return frames;
}

/** The facts of the innermost body open at `offset`, if any. */
export function bodyAt(context: RuleContext, offset: number): BodyFacts | null {
  const frames = framesAt(context, offset);
  return frames[frames.length - 1] ?? null;
}

function methodName(call: SyntaxNode): string | null {
  if (call.childForFieldName("receiver")) return null;
  const method = call.childForFieldName("method");
  return method?.type === "identifier" ? method.text : null;
}

/**
 * A body's identifier and call statements, the only ones these facts come from: read with a
 * cursor, so the others (most of a class body) are never materialized.
 */
function bodyStatements(body: SyntaxNode | null): SyntaxNode[] {
  if (!body) return [];
  const found: SyntaxNode[] = [];
  const cursor = cursorAt(body);
  if (!cursor.gotoFirstChild()) return found;
  do {
    const type = cursor.nodeType;
    if (type === "identifier" || type === "call") found.push(cursor.currentNode);
  } while (cursor.gotoNextSibling());
  return found;
}

/** Reads the body of `owner` (a class, module or singleton class) and makes it the innermost one. */
export function enterBody(context: RuleContext, owner: SyntaxNode): BodyFacts {
  const facts: BodyFacts = {
    start: owner.startIndex,
    end: owner.endIndex,
    singleton: owner.type === "singleton_class",
    sections: [],
    wrapped: new Map(),
    named: new Map(),
    mixins: [],
  };
  for (const statement of bodyStatements(owner.childForFieldName("body"))) {
    if (statement.type === "identifier") {
      const visibility = SECTION_WORDS[statement.text];
      if (visibility) facts.sections.push({ offset: statement.startIndex, visibility });
      continue;
    }
    if (statement.type !== "call") continue;
    const name = methodName(statement);
    if (name === null) continue;
    const args = statement.childForFieldName("arguments")?.namedChildren ?? [];
    if (MIXINS.has(name)) {
      for (const arg of args) {
        const path = constantPath(arg);
        if (path) facts.mixins.push(pathText(path));
      }
      continue;
    }
    const naming = Object.hasOwn(NAMING_CALLS, name) ? NAMING_CALLS[name]! : null;
    if (!naming) continue;
    if (args.length === 0 && Object.hasOwn(SECTION_WORDS, name)) {
      facts.sections.push({ offset: statement.startIndex, visibility: SECTION_WORDS[name]! });
      continue;
    }
    for (const arg of args) {
      const named = symbolName(arg);
      if (named !== null) facts.named.set(`${naming.prefix}${named}`, naming.visibility);
      else if (arg.type === "array") {
        for (const item of arg.namedChildren) {
          const inner = symbolName(item);
          if (inner !== null) facts.named.set(`${naming.prefix}${inner}`, naming.visibility);
        }
      } else facts.wrapped.set(arg.startIndex, naming.visibility);
    }
  }
  framesAt(context, owner.startIndex).push(facts);
  return facts;
}

/**
 * The visibility a body gives the declaration starting at `offset` (named `key`, see
 * `BodyFacts.named`): wrapped, then named, then its section when `inSection` (the
 * declaration is a statement of the body itself), else null.
 */
export function bodyVisibility(facts: BodyFacts | null, offset: number, key: string, inSection: boolean): Visibility | null {
  if (!facts) return null;
  const wrapped = facts.wrapped.get(offset) ?? facts.named.get(key);
  if (wrapped) return wrapped;
  if (!inSection) return null;
  let found: Visibility | null = null;
  for (const section of facts.sections) {
    if (section.offset > offset) break;
    found = section.visibility;
  }
  return found;
}
