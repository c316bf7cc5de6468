/**
 * Cheaper node properties for a loaded grammar. node-tree-sitter (0.25) builds a JS object
 * for every node a rule touches, choosing its class by grammar symbol from
 * `language.nodeSubclasses`. Only a grammar loaded with its node-types.json gets a class per
 * named type with a constant `type`; our vendored grammars load without it, so every node
 * is a plain SyntaxNode whose `type`, `startIndex` and `startPosition` each cross into native
 * code (and `type` builds a new string) on every read: ~9% of extracting effect's src/.
 *
 * `installNodeClasses` gives every grammar symbol its own subclass of the class it had:
 * - `type` and `typeId` are read natively once per symbol and then kept on the prototype
 *   (a class stands for exactly one symbol, the one the node was unmarshalled with);
 * - `startIndex` and `startPosition` come from the fields the binding copies into each node
 *   (tree-sitter's TSNode context: start byte, row and column, in UTF-16 bytes), after a
 *   check against the native getters on a small parse; a binding that lays nodes out
 *   differently keeps its own getters.
 * ERROR nodes keep the base class (the binding never looks their class up by symbol).
 */

interface NodeFields {
  readonly [index: number]: number;
}

type NodeClass = abstract new (...args: never[]) => object;

interface NodeLanguage {
  nodeSubclasses?: NodeClass[];
}

interface Walkable {
  rootNode: { children: readonly object[] };
}

type NodeLike = NodeFields & { children: readonly object[] };

const installed = new WeakSet<object>();

/**
 * Whether the binding's node fields hold [id, id, start byte, start row, start column, …]:
 * compared with the native getters on every node of a small parse, one of which must start
 * past the first row and column for the comparison to prove anything.
 */
function fieldsMatch(tree: Walkable, base: { prototype: object }): boolean {
  const startIndex = Object.getOwnPropertyDescriptor(base.prototype, "startIndex")?.get;
  const startPosition = Object.getOwnPropertyDescriptor(base.prototype, "startPosition")?.get;
  if (!startIndex || !startPosition) return false;
  const pending = [tree.rootNode as NodeLike];
  let telling = false;
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    const index = startIndex.call(node) as number;
    const position = startPosition.call(node) as { row: number; column: number };
    if (index !== node[2]! >>> 1 || position.row !== node[3] || position.column !== node[4]! >>> 1) return false;
    if (position.row > 0 && position.column > 0) telling = true;
    for (const child of node.children) pending.push(child as NodeLike);
  }
  return telling;
}

/**
 * Installs the per-symbol classes on `language` (once). `probe` parses a small text with it,
 * for the field check; `base` is node-tree-sitter's SyntaxNode.
 */
export function installNodeClasses(language: NodeLanguage, base: { prototype: object }, probe: () => Walkable): void {
  const classes = language.nodeSubclasses;
  if (!classes || installed.has(language)) return;
  installed.add(language);
  const fieldsVerified = fieldsMatch(probe(), base);
  const nativeType = Object.getOwnPropertyDescriptor(base.prototype, "type")?.get;
  const nativeTypeId = Object.getOwnPropertyDescriptor(base.prototype, "typeId")?.get;
  for (let id = 0; id < classes.length; id++) {
    const parent = classes[id]!;
    const subclass = class extends parent {};
    const prototype = subclass.prototype;
    const remember = (name: "type" | "typeId", getter: ((this: object) => unknown) | undefined) => {
      if (!getter || Object.getOwnPropertyDescriptor(parent.prototype, name)?.value !== undefined) return;
      Object.defineProperty(prototype, name, {
        configurable: true,
        enumerable: true,
        get(this: object) {
          const value = getter.call(this);
          Object.defineProperty(prototype, name, { value, enumerable: true });
          return value;
        },
      });
    };
    remember("type", nativeType);
    remember("typeId", nativeTypeId);
    if (fieldsVerified) {
      Object.defineProperty(prototype, "startIndex", {
        enumerable: true,
        get(this: NodeFields) {
          return this[2]! >>> 1;
        },
      });
      Object.defineProperty(prototype, "startPosition", {
        enumerable: true,
        get(this: NodeFields) {
          return { row: this[3]!, column: this[4]! >>> 1 };
        },
      });
    }
    classes[id] = subclass;
  }
}
