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
 *   but keep the tree (checked on install), since one is constructed per node handed out;
 * - the hot navigation methods (`childForFieldId`, `firstNamedChild`, `namedChildren`,
 *   `firstChild`, `children`) read the binding's node transfer buffer themselves (see
 *   `nodeTransfer`), after a check against the native ones on every node of the probe.
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
function fieldIdLookup(
  tree: Walkable,
  base: { prototype: object },
  fieldNames: readonly (string | null)[] | null,
  fastById?: (this: object, id: number) => object | null,
): ChildLookup | null {
  const byName = Object.getOwnPropertyDescriptor(base.prototype, "childForFieldName")?.value as ChildLookup | undefined;
  const byId = (fastById ?? Object.getOwnPropertyDescriptor(base.prototype, "childForFieldId")?.value) as
    ((this: object, id: number) => NodeFields | null) | undefined;
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

/** What this module needs of node-tree-sitter's native binding (the module it loaded). */
export interface NodeBinding {
  nodeTransferArray?: ArrayLike<number> & { [index: number]: number };
  NodeMethods?: Partial<
    Record<"childForFieldId" | "firstNamedChild" | "namedChildren" | "firstChild" | "children", (tree: object, ...args: number[]) => unknown>
  >;
}

interface TreeLike {
  language: { nodeSubclasses: readonly NodeClass[] };
}

type TransferNode = NodeFields & { tree: TreeLike; [index: number]: number };

/** node-tree-sitter's ERROR symbol, whose nodes keep the base class. */
const ERROR_SYMBOL = 0xffff;
/** Fields per node in the transfer buffer: node id (two words) and tree-sitter's four context words. */
const NODE_FIELDS = 6;

interface Transfer {
  childForFieldId(this: object, id: number): object | null;
  firstNamedChild(this: object): object | null;
  namedChildren(this: object): object[];
  firstChild(this: object): object | null;
  children(this: object): object[];
}

/**
 * Node navigation through the binding's transfer buffer, as node-tree-sitter's own methods do
 * (write the node's six fields, call the native method, read the answer back), without what
 * they add on every node handed out: a 64-bit node id built from two BigInts to test for a
 * null node the native side already returns as null, a Map and an array per list of children,
 * and the registration in the tree's node cache (which parseSource turns off). A native answer
 * that is already an object (a node the tree still caches) is passed through as it is.
 */
function nodeTransfer(binding: NodeBinding | null, base: NodeClass): Transfer | null {
  const methods = binding?.NodeMethods;
  const childForFieldId = methods?.childForFieldId;
  const firstNamedChild = methods?.firstNamedChild;
  const namedChildren = methods?.namedChildren;
  const firstChild = methods?.firstChild;
  const children = methods?.children;
  if (!binding || !childForFieldId || !firstNamedChild || !namedChildren || !firstChild || !children || !binding.nodeTransferArray) return null;
  const marshal = (node: TransferNode): void => {
    // The binding may replace the buffer with a bigger one: read it on every use.
    const buffer = binding.nodeTransferArray!;
    for (let i = 0; i < NODE_FIELDS; i++) buffer[i] = node[i]!;
  };
  const unmarshal = (value: unknown, tree: TreeLike, offset: number): object | null => {
    if (typeof value !== "number") return (value as object | null) ?? null;
    const NodeOfSymbol = (value === ERROR_SYMBOL ? base : tree.language.nodeSubclasses[value]!) as unknown as new (tree: TreeLike) => TransferNode;
    const node = new NodeOfSymbol(tree);
    const buffer = binding.nodeTransferArray!;
    for (let i = 0; i < NODE_FIELDS; i++) node[i] = buffer[offset + i]!;
    return node;
  };
  const unmarshalAll = (values: unknown[], tree: TreeLike): object[] => {
    let offset = 0;
    for (let i = 0; i < values.length; i++) {
      const value = values[i];
      if (typeof value !== "number") continue;
      values[i] = unmarshal(value, tree, offset);
      offset += NODE_FIELDS;
    }
    return values as object[];
  };
  return {
    childForFieldId(this: object, id: number) {
      const node = this as TransferNode;
      marshal(node);
      return unmarshal(childForFieldId(node.tree, id), node.tree, 0);
    },
    firstNamedChild(this: object) {
      const node = this as TransferNode;
      marshal(node);
      return unmarshal(firstNamedChild(node.tree), node.tree, 0);
    },
    namedChildren(this: object) {
      const node = this as TransferNode;
      marshal(node);
      return unmarshalAll(namedChildren(node.tree) as unknown[], node.tree);
    },
    firstChild(this: object) {
      const node = this as TransferNode;
      marshal(node);
      return unmarshal(firstChild(node.tree), node.tree, 0);
    },
    children(this: object) {
      const node = this as TransferNode;
      marshal(node);
      return unmarshalAll(children(node.tree) as unknown[], node.tree);
    },
  };
}

/** Type and span of a node, or null: what the transfer check compares. */
const spanOf = (node: object | null, endIndex: (this: object) => number): string | null =>
  node ? `${(node as { type: string }).type}@${(node as { startIndex: number }).startIndex}-${endIndex.call(node)}` : null;

/**
 * Whether `transfer` answers like the native methods on every node of the probe (every field id,
 * first and all children, named and not). Nodes it hands out must also answer the native getters
 * the same way, which checks the fields it copied.
 */
function transferMatches(tree: Walkable, base: { prototype: object }, transfer: Transfer, fieldCount: number): boolean {
  const proto = base.prototype;
  const native = (name: string) => Object.getOwnPropertyDescriptor(proto, name);
  const endIndex = native("endIndex")?.get as ((this: object) => number) | undefined;
  const byId = native("childForFieldId")?.value as ((this: object, id: number) => object | null) | undefined;
  const getters = ["firstNamedChild", "namedChildren", "firstChild", "children"].map((name) => native(name)?.get as ((this: object) => unknown) | undefined);
  if (!endIndex || !byId || getters.some((getter) => !getter)) return false;
  const [nativeFirstNamed, nativeNamed, nativeFirst, nativeChildren] = getters as ((this: object) => unknown)[];
  const sameList = (a: object[], b: object[]) => a.length === b.length && a.every((node, i) => spanOf(node, endIndex) === spanOf(b[i]!, endIndex));
  const pending = [tree.rootNode as NodeLike];
  let found = false;
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    for (let id = 1; id <= fieldCount; id++) {
      const actual = transfer.childForFieldId.call(node, id);
      if (spanOf(actual, endIndex) !== spanOf(byId.call(node, id), endIndex)) return false;
      if (actual) found = true;
    }
    if (spanOf(transfer.firstNamedChild.call(node), endIndex) !== spanOf(nativeFirstNamed!.call(node) as object | null, endIndex)) return false;
    if (spanOf(transfer.firstChild.call(node), endIndex) !== spanOf(nativeFirst!.call(node) as object | null, endIndex)) return false;
    if (!sameList(transfer.namedChildren.call(node), nativeNamed!.call(node) as object[])) return false;
    if (!sameList(transfer.children.call(node), nativeChildren!.call(node) as object[])) return false;
    for (const child of node.children) pending.push(child as NodeLike);
  }
  return found;
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
  binding: NodeBinding | null = null,
): void {
  const classes = language.nodeSubclasses;
  if (!classes || installed.has(language)) return;
  installed.add(language);
  const sample = probe();
  const fieldsVerified = fieldsMatch(sample, base);
  let transfer = nodeTransfer(binding, base as NodeClass);
  if (transfer && !transferMatches(sample, base, transfer, fieldNames?.length ?? 0)) transfer = null;
  const childForFieldName = fieldIdLookup(sample, base, fieldNames, transfer?.childForFieldId);
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
    if (transfer) {
      Object.defineProperty(prototype, "childForFieldId", { value: transfer.childForFieldId, writable: true, configurable: true });
      for (const name of ["firstNamedChild", "namedChildren", "firstChild", "children"] as const)
        Object.defineProperty(prototype, name, { get: transfer[name], enumerable: true, configurable: true });
    }
    classes[id] = subclass;
  }
}
