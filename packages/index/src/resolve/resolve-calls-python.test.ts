import { describe, expect, it } from "vitest";
import { loadLanguageHooks } from "./language-hooks";
import { createCallResolver } from "./create-call-resolver";
import { type ResolverCall, type ResolverImport, type ResolverSymbol } from "./resolver-types";

// The resolver asks the languages' hooks, loaded with @tsift/graph's rules.
await loadLanguageHooks();

/** The resolver's Python rules on hand-written rows: the modules, redefinitions and variables Python code has. */
let nextId = 1;
function sym(file: string, name: string, kind: string, line: number, parent: string | null = null): ResolverSymbol {
  return { id: nextId++, file, name, kind, language: "python", parent, qualified_name: parent ? `${parent}.${name}` : name, line };
}
function call(
  file: string,
  callee: string,
  receiver: string | null,
  caller: ResolverSymbol | null,
  line: number,
  extra: Partial<ResolverCall> = {},
): ResolverCall {
  return { id: 0, file, caller_symbol_id: caller?.id ?? null, callee_name: callee, receiver, kind: "call", line, ...extra };
}
function imp(file: string, module: string, name: string | null, alias: string | null, resolved: string | null): ResolverImport {
  return { file, module, name, alias, resolved_file: resolved, kind: "import" };
}

describe("python call resolution", () => {
  const test = sym("t.py", "test_patch", "function", 1);
  const firstHelper = sym("t.py", "helper", "function", 2, "test_patch");
  const secondHelper = sym("t.py", "helper", "function", 6, "test_patch");
  const inner = sym("t.py", "inner", "function", 9, "test_patch");
  const topFirst = sym("t.py", "make", "function", 20);
  const topSecond = sym("t.py", "make", "function", 30);
  const user = sym("t.py", "user", "function", 40);
  const pkgInit = sym("pkg/__init__.py", "version", "function", 1);
  const utilsParse = sym("pkg/utils.py", "parse", "function", 1);
  const coroutine = sym("pkg/coroutines.py", "iscoroutine", "function", 1);
  const hidden = sym("pkg/coroutines.py", "_hidden", "function", 5);
  const main = sym("main.py", "main", "function", 5);
  const symbols = [test, firstHelper, secondHelper, inner, topFirst, topSecond, user, pkgInit, utilsParse, coroutine, hidden, main];
  const imports = [
    imp("main.py", "pkg.utils", null, null, "pkg/utils.py"),
    imp("main.py", "pkg", "iscoroutine", null, "pkg/__init__.py"),
    imp("main.py", "pkg", "_hidden", null, "pkg/__init__.py"),
    imp("pkg/__init__.py", ".coroutines", "*", null, "pkg/coroutines.py"),
  ];
  const resolve = createCallResolver(symbols, imports);
  const target = (c: ResolverCall) => {
    const found = resolve(c, "python");
    return found.resolved_symbol_id === null
      ? found.resolution
      : symbols.find((s) => s.id === found.resolved_symbol_id)!.qualified_name + "@" + symbols.find((s) => s.id === found.resolved_symbol_id)!.line;
  };

  it("a name defined twice in the caller's scope is the definition before the call", () => {
    expect(target(call("t.py", "helper", null, test, 4))).toBe("test_patch.helper@2");
    expect(target(call("t.py", "helper", null, test, 8))).toBe("test_patch.helper@6");
    // From a nested function the scope has finished: the last definition.
    expect(target(call("t.py", "helper", null, inner, 10))).toBe("test_patch.helper@6");
    // Module level: in order; from a function: the last one.
    expect(target(call("t.py", "make", null, null, 25))).toBe("make@20");
    expect(target(call("t.py", "make", null, user, 41))).toBe("make@30");
  });

  it("import a.b names the module a.b, and a the package", () => {
    expect(target(call("main.py", "parse", "pkg.utils", main, 6))).toBe("parse@1");
    expect(target(call("main.py", "version", "pkg", main, 7))).toBe("version@1");
    // Before, `pkg` stood for pkg/utils.py, whose `parse` is not `pkg.parse`.
    expect(target(call("main.py", "parse", "pkg", main, 8))).toBe("unresolved");
  });

  it("a package's star import re-exports the module's public names", () => {
    expect(target(call("main.py", "iscoroutine", null, main, 9))).toBe("iscoroutine@1");
    expect(target(call("main.py", "_hidden", null, main, 10))).toBe("unresolved");
  });

  it("a receiver whose head is a variable is not a module path", () => {
    expect(target(call("main.py", "parse", "pkg.utils", main, 11, { local: 1 }))).not.toBe("parse@1");
  });
});
