import { describe, expect, it } from "vitest";
import { extractFile } from "../../extract-file";
import { annotationType } from "./python-types";

const lines = (...rows: string[]) => `${rows.join("\n")}\n`;
const extract = (source: string) => extractFile("python", source);
/** [line, receiver, callee, receiver_type, local] of every call. */
const calls = (source: string) => extract(source).calls.map((c) => [c.line, c.receiver, c.callee, c.receiver_type ?? null, c.local ?? false]);
const callAt = (source: string, line: number, callee: string) => calls(source).find((c) => c[0] === line && c[2] === callee);

describe("python receiver types", () => {
  it("reads annotations: optional, quoted, unions with None, generics, Self", () => {
    expect(annotationType("Store")).toBe("Store");
    expect(annotationType('"models.Store"')).toBe("models.Store");
    expect(annotationType("Optional[Store]")).toBe("Store");
    expect(annotationType("typing.Optional['Store']")).toBe("Store");
    expect(annotationType("Store | None")).toBe("Store");
    expect(annotationType("Union[None, Store]")).toBe("Store");
    expect(annotationType("Repo[User]")).toBe("Repo");
    expect(annotationType("type[Store]")).toBe("Store");
    expect(annotationType("Self")).toBe("this");
    expect(annotationType("Store | Cache")).toBeUndefined();
    expect(annotationType("Callable[[int], Store]")).toBe("Callable");
    expect(annotationType("None")).toBeUndefined();
  });

  it("types self attributes assigned in methods and class attributes as member types", () => {
    const result = extract(
      lines(
        "class Service:",
        "    cache: Cache",
        "    default = Store()",
        "    def __init__(self, repo: UserRepository, other):",
        "        self.repo = repo",
        "        self.store = Store()",
        "        self.other = other",
        "        self.mixed = Store()",
        "        self.none = None",
        "    def reset(self):",
        "        self.mixed = Cache()",
        "        self.none = Cache()",
      ),
    );
    expect(result.member_types).toEqual([
      { owner: "Service", name: "cache", type: "Cache" },
      { owner: "Service", name: "default", type: "Store()" },
      { owner: "Service", name: "repo", type: "UserRepository" },
      { owner: "Service", name: "store", type: "Store()" },
      { owner: "Service", name: "none", type: "Cache()" },
    ]);
  });

  it("gives receivers through self, locals, parameters and call results their type", () => {
    const source = lines(
      "import models",
      "def build() -> Service:",
      "    return Service()",
      "class Service:",
      "    def run(self, repo: Repo, n):",
      "        self.repo.save()",
      "        repo.save()",
      "        svc = build()",
      "        svc.create()",
      "        models.make().go()",
      "        Service().run()",
      "        self.helper().save()",
      "        n.save()",
      "        self.save()",
      "        models.save()",
    );
    expect(callAt(source, 6, "save")).toEqual([6, "self.repo", "save", "this#repo", false]);
    expect(callAt(source, 7, "save")).toEqual([7, "repo", "save", "Repo", false]);
    expect(callAt(source, 9, "create")).toEqual([9, "svc", "create", "build()", false]);
    expect(callAt(source, 10, "go")).toEqual([10, "models.make()", "go", "models.make()", false]);
    expect(callAt(source, 11, "run")).toEqual([11, "Service()", "run", "Service()", false]);
    expect(callAt(source, 12, "save")).toEqual([12, "self.helper()", "save", "this#helper()", false]);
    // An unannotated parameter: a variable, never a module or class of that name.
    expect(callAt(source, 13, "save")).toEqual([13, "n", "save", null, true]);
    // `self` and module paths are left to the resolver.
    expect(callAt(source, 14, "save")).toEqual([14, "self", "save", null, false]);
    expect(callAt(source, 15, "save")).toEqual([15, "models", "save", null, false]);
  });

  it("marks variables that disagree, loop targets and lambda or comprehension names as locals without a type", () => {
    const source = lines(
      "def f(items):",
      "    x = Store()",
      "    if items:",
      "        x = Cache()",
      "    x.save()",
      "    for item in items:",
      "        item.save()",
      "    with open(p) as fh:",
      "        fh.read()",
      "    g = lambda store: store.save()",
      "    return [s.save() for s in items]",
      "def h(callback):",
      "    callback()",
      "    helper()",
    );
    expect(callAt(source, 5, "save")).toEqual([5, "x", "save", null, true]);
    expect(callAt(source, 7, "save")).toEqual([7, "item", "save", null, true]);
    expect(callAt(source, 9, "read")).toEqual([9, "fh", "read", null, true]);
    expect(callAt(source, 10, "save")).toEqual([10, "store", "save", null, true]);
    expect(callAt(source, 11, "save")).toEqual([11, "s", "save", null, true]);
    expect(callAt(source, 13, "callback")).toEqual([13, null, "callback", null, true]);
    expect(callAt(source, 14, "helper")).toEqual([14, null, "helper", null, false]);
  });

  it("records what a function returns: its annotation, else the type all its returns agree on", () => {
    const source = lines(
      "def a() -> Optional[Store]:",
      "    pass",
      "def b():",
      "    s = Store()",
      "    if x:",
      "        return s",
      "    return Store()",
      "def c():",
      "    if x:",
      "        return Store()",
      "    return Cache()",
      "def d():",
      "    yield Store()",
      "class K:",
      "    def me(self):",
      "        return self",
      "    def attr(self):",
      "        return self.store",
    );
    const returns = Object.fromEntries(extract(source).symbols.map((s) => [s.qualified_name, s.return_type ?? null]));
    expect(returns).toMatchObject({ a: "Store", b: "Store()", c: null, d: null, "K.me": "this", "K.attr": null });
  });

  it("records base classes from the tree, so a decorated class keeps them", () => {
    const source = lines("@register(kind='x')", "class A(Base, mod.Mixin, Generic[T], metaclass=Meta):", "    pass", "class B:", "    pass");
    const bases = Object.fromEntries(extract(source).symbols.map((s) => [s.qualified_name, s.bases ?? null]));
    expect(bases).toEqual({ A: ["Base", "mod.Mixin", "Generic"], B: null });
  });

  it("rewrites super(Class, self) in Class to super(), and module-level names stay visible in functions", () => {
    const source = lines(
      "store = Store()",
      "class Child(Base):",
      "    def save(self):",
      "        super(Child, self).save()",
      "        super(Base, self).save()",
      "        store.flush()",
      "store.flush()",
    );
    expect(callAt(source, 4, "save")).toEqual([4, "super()", "save", null, false]);
    expect(callAt(source, 5, "save")).toEqual([5, "super(Base, self)", "save", null, false]);
    expect(callAt(source, 6, "flush")).toEqual([6, "store", "flush", "Store()", false]);
    expect(callAt(source, 7, "flush")).toEqual([7, "store", "flush", "Store()", false]);
  });
});
