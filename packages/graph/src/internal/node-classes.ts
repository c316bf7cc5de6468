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
 * - `childForFieldName` looks the field's id up in a Map and calls `childForFieldId`, instead
 *   of handing the name to native code to convert and search the grammar's field names for
 *   (a quarter of each call), after the same kind of check;
 * - the classes are plain constructor functions when the binding's constructor does nothing
 *   but keep the tree (checked on install), since one is constructed per node handed out.
 * Remembering `endIndex` or field children on each node was measured and dropped: the extra
 * own properties give node objects more shapes, and the rules' property reads got slower
 * than the native calls saved (tools/bench/extract-throughput).
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

type ChildLookup = (this: object, field: string) => NodeFields | null;

let nativeEndIndex: ((this: object) => number) | undefined;

/**
 * Puts `node` into the binding's node transfer buffer, as every native node method does first
 * (internal/node-cursor resets a cursor from that buffer): reads the native `endIndex`, so no
 * getter installed here that answers without native code can stand in its way.
 */
export function marshalNode(node: object): void {
  if (nativeEndIndex) nativeEndIndex.call(node);
  else void (node as { endIndex: number }).endIndex;
}

/**
 * `childForFieldName` through field ids, or null when `fieldNames` is missing or the lookup
 * disagrees with the native one on any node and field of the probe.
 */
function fieldIdLookup(tree: Walkable, base: { prototype: object }, fieldNames: readonly (string | null)[] | null): ChildLookup | null {
  const byName = Object.getOwnPropertyDescriptor(base.prototype, "childForFieldName")?.value as ChildLookup | undefined;
  const byId = Object.getOwnPropertyDescriptor(base.prototype, "childForFieldId")?.value as ((this: object, id: number) => NodeFields | null) | undefined;
  if (!fieldNames || !byName || !byId) return null;
  const ids = new Map<string, number>();
  fieldNames.forEach((name, id) => {
    if (name) ids.set(name, id);
  });
  const lookup: ChildLookup = function (this: object, field) {
    const id = ids.get(field);
    return id === undefined ? null : byId.call(this, id);
  };
  const pending = [tree.rootNode as NodeLike];
  let found = false;
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    for (const field of [...ids.keys(), "no_such_field"]) {
      const expected = byName.call(node, field);
      const actual = lookup.call(node, field);
      if ((expected === null) !== (actual === null) || (expected && actual && (expected[0] !== actual[0] || expected[1] !== actual[1]))) return null;
      if (expected) found = true;
    }
    for (const child of node.children) pending.push(child as NodeLike);
  }
  return found ? lookup : null;
}

/**
 * Whether constructing a node of every class does nothing but keep the tree in an own `tree`
 * property (node-tree-sitter's SyntaxNode constructor), checked on a node of each class.
 */
function onlyKeepsTree(classes: readonly NodeClass[], sample: Walkable): boolean {
  const tree = (sample.rootNode as unknown as { tree?: object }).tree;
  if (!tree) return false;
  for (const nodeClass of classes) {
    const node: Record<string | symbol, unknown> = new (nodeClass as unknown as new (tree: object) => Record<string | symbol, unknown>)(tree);
    const keys = Reflect.ownKeys(node);
    if (keys.length !== 1 || keys[0] !== "tree" || node.tree !== tree) return false;
  }
  return true;
}

/**
 * A subclass of `parent` built as a plain function: node-tree-sitter constructs one per node
 * it hands out, and a class's implicit `super(...args)` plus SyntaxNode's
 * `Object.defineProperty(this, "tree", …)` cost more than the rest of building the node.
 */
function plainSubclass(parent: NodeClass): NodeClass {
  const NodeOfSymbol = function (this: { tree: object }, tree: object) {
    this.tree = tree;
  };
  NodeOfSymbol.prototype = Object.create(parent.prototype as object, { constructor: { value: NodeOfSymbol, writable: true, configurable: true } });
  return NodeOfSymbol as unknown as NodeClass;
}

/**
 * Installs the per-symbol classes on `language` (once). `probe` parses a small text with it,
 * for the checks; `base` is node-tree-sitter's SyntaxNode; `fieldNames` the grammar's field
 * names by id, when the binding can list them.
 */
export function installNodeClasses(
  language: NodeLanguage,
  base: { prototype: object },
  probe: () => Walkable,
  fieldNames: readonly (string | null)[] | null = null,
): void {
  const classes = language.nodeSubclasses;
  if (!classes || installed.has(language)) return;
  installed.add(language);
  const sample = probe();
  const fieldsVerified = fieldsMatch(sample, base);
  const childForFieldName = fieldIdLookup(sample, base, fieldNames);
  const endIndex = Object.getOwnPropertyDescriptor(base.prototype, "endIndex")?.get as ((this: object) => number) | undefined;
  nativeEndIndex ??= endIndex;
  const plainConstructor = onlyKeepsTree(classes, sample);
  const nativeType = Object.getOwnPropertyDescriptor(base.prototype, "type")?.get;
  const nativeTypeId = Object.getOwnPropertyDescriptor(base.prototype, "typeId")?.get;
  for (let id = 0; id < classes.length; id++) {
    const parent = classes[id]!;
    const subclass = plainConstructor ? plainSubclass(parent) : class extends parent {};
    const prototype = subclass.prototype as object;
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
    if (childForFieldName) Object.defineProperty(prototype, "childForFieldName", { value: childForFieldName, writable: true, configurable: true });
    classes[id] = subclass;
  }
}
