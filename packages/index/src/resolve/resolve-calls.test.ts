import { describe, expect, it } from "vitest";
import { loadLanguageHooks } from "./language-hooks";
import { createCallResolver } from "./create-call-resolver";
import { type ResolverCall, type ResolverImport, type ResolverSymbol } from "./resolver-types";

// The resolver asks the languages' hooks, loaded with @tsift/graph's rules.
await loadLanguageHooks();

let nextId = 1;
function sym(file: string, name: string, kind: string, parent: string | null = null, language = "typescript"): ResolverSymbol {
  return { id: nextId++, file, name, kind, language, parent, qualified_name: parent ? `${parent}.${name}` : name };
}
function call(file: string, callee: string, receiver: string | null, caller: ResolverSymbol | null, kind = "call"): ResolverCall {
  return { id: 0, file, caller_symbol_id: caller?.id ?? null, callee_name: callee, receiver, kind };
}
function imp(file: string, module: string, name: string | null, alias: string | null, resolved: string | null): ResolverImport {
  return { file, module, name, alias, resolved_file: resolved };
}

describe("createCallResolver", () => {
  const classA = sym("a.ts", "A", "class");
  const run = sym("a.ts", "run", "method", "A");
  const helperMethod = sym("a.ts", "helper", "method", "A");
  const helperFn = sym("a.ts", "helper", "function");
  const top = sym("a.ts", "top", "function");
  const inner = sym("a.ts", "inner", "function", "top");
  const storeGet = sym("store.ts", "get", "function");
  const storeClass = sym("store.ts", "Store", "class");
  const storeMake = sym("store.ts", "make", "method", "Store");
  const mapGet = sym("map.ts", "get", "method", "Map2");
  const map2 = sym("map.ts", "Map2", "class");
  const dupB = sym("b.ts", "dup", "function");
  const dupC = sym("c.ts", "dup", "function");
  const uniq = sym("c.ts", "uniqueFree", "function");
  const pyUniq = sym("p.py", "only_py", "function", null, "python");
  const symbols = [classA, run, helperMethod, helperFn, top, inner, storeGet, storeClass, storeMake, mapGet, map2, dupB, dupC, uniq, pyUniq];
  const imports = [
    imp("a.ts", "./store", "get", "fetchIt", "store.ts"),
    imp("a.ts", "./store", "Store", null, "store.ts"),
    imp("a.ts", "./store", "*", "ns", "store.ts"),
    imp("a.ts", "node:path", "join", null, null),
  ];
  const resolve = createCallResolver(symbols, imports);
  const at = (c: ResolverCall) => resolve(c, "typescript");

  it("resolves this.x() to the caller's class member (same_scope)", () => {
    expect(at(call("a.ts", "helper", "this", run))).toEqual({ resolved_symbol_id: helperMethod.id, resolution: "same_scope" });
  });

  it("resolves a bare call to a nested definition of the caller (same_scope)", () => {
    expect(at(call("a.ts", "inner", null, top))).toEqual({ resolved_symbol_id: inner.id, resolution: "same_scope" });
  });

  it("resolves a bare call inside a method to the top-level function, not the sibling method (TS has no implicit this)", () => {
    expect(at(call("a.ts", "helper", null, run))).toEqual({ resolved_symbol_id: helperFn.id, resolution: "same_file" });
  });

  it("follows imports through aliases, namespaces and imported types", () => {
    expect(at(call("a.ts", "fetchIt", null, run))).toEqual({ resolved_symbol_id: storeGet.id, resolution: "import" });
    expect(at(call("a.ts", "get", "ns", run))).toEqual({ resolved_symbol_id: storeGet.id, resolution: "import" });
    expect(at(call("a.ts", "make", "Store", run))).toEqual({ resolved_symbol_id: storeMake.id, resolution: "import" });
    expect(at(call("a.ts", "Store", null, run, "new"))).toEqual({ resolved_symbol_id: storeClass.id, resolution: "import" });
  });

  it("keeps a name bound by an external import unresolved instead of guessing a project symbol", () => {
    const withJoin = createCallResolver([...symbols, sym("z.ts", "join", "function")], imports);
    expect(withJoin(call("a.ts", "join", null, run), "typescript")).toEqual({ resolved_symbol_id: null, resolution: "unresolved" });
  });

  it("never binds obj.method() of an unknown receiver, nor to a free function of the same name", () => {
    // `get` exists as a free function (store.ts) and as one method (map.ts): `cache`'s type is unknown, so neither.
    expect(at(call("z.ts", "get", "cache", null))).toEqual({ resolved_symbol_id: null, resolution: "unresolved" });
    // A bare call in a script (no imports or exports) sees other scripts' top-level functions.
    expect(at(call("z.ts", "get", null, null))).toEqual({ resolved_symbol_id: storeGet.id, resolution: "global_unique" });
    expect(at(call("z.ts", "uniqueFree", "obj", null))).toEqual({ resolved_symbol_id: null, resolution: "unresolved" });
    // …a module does not: it sees its own and imported names only.
    expect(at(call("a.ts", "uniqueFree", null, run))).toEqual({ resolved_symbol_id: null, resolution: "unresolved" });
  });

  it("binds a typed receiver to its type's member, and `Type.member()` to the type", () => {
    expect(at({ ...call("z.ts", "get", "m", null), receiver_type: "Map2" })).toEqual({ resolved_symbol_id: null, resolution: "unresolved" });
    expect(at({ ...call("map.ts", "get", "m", null), receiver_type: "Map2" })).toEqual({ resolved_symbol_id: mapGet.id, resolution: "typed" });
    expect(at({ ...call("a.ts", "make", "x", run), receiver_type: "Store" })).toEqual({ resolved_symbol_id: storeMake.id, resolution: "typed" });
    // A declared type that is not indexed (a library's) leaves the call unresolved.
    expect(at({ ...call("a.ts", "get", "x", run), receiver_type: "Map" })).toEqual({ resolved_symbol_id: null, resolution: "unresolved" });
  });

  it("keeps a bare call of a parameter or local variable off the file's functions", () => {
    expect(at({ ...call("a.ts", "helper", null, run), local: 1 })).toEqual({ resolved_symbol_id: null, resolution: "unresolved" });
    // Definitions nested in the caller still count.
    expect(at({ ...call("a.ts", "inner", null, top), local: 1 })).toEqual({ resolved_symbol_id: inner.id, resolution: "same_scope" });
  });

  it("counts one overload set as one candidate: the implementation, or an interface's first signature", () => {
    const first = sym("o.ts", "over", "function");
    const impl = sym("o.ts", "over", "function");
    const iface = sym("o.ts", "Shape", "interface");
    const sig1 = sym("o.ts", "area", "method", "Shape");
    const sig2 = sym("o.ts", "area", "method", "Shape");
    const overloads = createCallResolver([first, impl, iface, sig1, sig2], []);
    expect(overloads(call("o.ts", "over", null, null), "typescript")).toEqual({ resolved_symbol_id: impl.id, resolution: "same_file" });
    expect(overloads({ ...call("o.ts", "area", "s", null), receiver_type: "Shape" }, "typescript")).toEqual({
      resolved_symbol_id: sig1.id,
      resolution: "typed",
    });
  });

  it("marks several global candidates ambiguous and unknown names unresolved", () => {
    expect(at(call("z.ts", "dup", null, null))).toEqual({ resolved_symbol_id: null, resolution: "ambiguous" });
    expect(at(call("z.ts", "nothing", null, null))).toEqual({ resolved_symbol_id: null, resolution: "unresolved" });
  });

  it("does not cross language families, and Python files see imported names only", () => {
    expect(at(call("z.ts", "only_py", null, null))).toEqual({ resolved_symbol_id: null, resolution: "unresolved" });
    expect(resolve(call("q.py", "only_py", null, null), "python")).toEqual({ resolved_symbol_id: null, resolution: "unresolved" });
    const star = createCallResolver(symbols, [{ file: "q.py", module: "p", name: "*", alias: null, resolved_file: "p.py", kind: "import" }]);
    expect(star(call("q.py", "only_py", null, null), "python")).toEqual({ resolved_symbol_id: pyUniq.id, resolution: "import" });
  });

  it("resolves Type.member() to a type defined in the same file", () => {
    expect(at(call("map.ts", "get", "Map2", null))).toEqual({ resolved_symbol_id: mapGet.id, resolution: "same_file" });
  });

  it("lets Kotlin bare calls reach sibling members (implicit this)", () => {
    const k = sym("k.kt", "K", "class", null, "kotlin");
    const a = sym("k.kt", "a", "function", "K", "kotlin");
    const b = sym("k.kt", "b", "function", "K", "kotlin");
    const kotlin = createCallResolver([k, a, b], []);
    expect(kotlin(call("k.kt", "b", null, a), "kotlin")).toEqual({ resolved_symbol_id: b.id, resolution: "same_scope" });
  });
});
