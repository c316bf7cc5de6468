import { describe, expect, it } from "vitest";
import { extractFile } from "../../extract-file";

const extract = (source: string) => extractFile("go", source);
const receivers = (source: string) => extract(source).calls.map((call) => [call.receiver, call.callee, call.receiver_type ?? null, call.local ?? false]);

describe("go declared types for the call resolver", () => {
  it("types a method's receiver, parameters, locals, constructions and factory results", () => {
    const source = [
      "package app",
      "",
      'import "example.com/app/store"',
      "",
      "func (s *Service) Run(repo Repository, n int) {",
      "\ts.check()",
      "\trepo.Save()",
      "\tvar typed Cache",
      "\ttyped.Clear()",
      "\tbuilt := NewService()",
      "\tbuilt.Run(repo, n)",
      "\tdirect := &Service{}",
      "\tdirect.check()",
      "\tcreated := new(Cache)",
      "\tcreated.Clear()",
      "\tremote := store.Open()",
      "\tremote.Close()",
      "\tstore.Flush()",
      "}",
      "",
    ].join("\n");
    expect(receivers(source)).toEqual([
      ["s", "check", "Service", false],
      ["repo", "Save", "Repository", false],
      ["typed", "Clear", "Cache", false],
      [null, "NewService", null, false],
      ["built", "Run", "NewService()", false],
      [null, "Service", null, false],
      ["direct", "check", "Service", false],
      [null, "new", null, false],
      ["created", "Clear", "Cache", false],
      ["store", "Open", null, false],
      ["remote", "Close", "store.Open()", false],
      ["store", "Flush", null, false],
    ]);
  });

  it("follows fields, method results and type assertions of typed receivers", () => {
    const source = [
      "package app",
      "",
      "func (s *Service) Run(v any) {",
      "\ts.repo.Save()",
      "\ts.Repo().Save()",
      "\tv.(*Cache).Clear()",
      "\tc, ok := v.(*Cache)",
      "\tc.Clear()",
      "\t_ = ok",
      "}",
      "",
    ].join("\n");
    expect(receivers(source)).toEqual([
      ["s.repo", "Save", "Service#repo", false],
      ["s.Repo()", "Save", "Service#Repo()", false],
      ["s", "Repo", "Service", false],
      ["v.(*Cache)", "Clear", "Cache", false],
      ["c", "Clear", "Cache", false],
    ]);
  });

  it("marks calls of function values and of untyped locals as local, and lets locals shadow packages", () => {
    const source = [
      "package app",
      "",
      'import "net/url"',
      "",
      "func run(next func(), items []Item, err error) {",
      "\tnext()",
      "\tfor _, item := range items {",
      "\t\titem.Save()",
      "\t}",
      "\terr.Error()",
      '\turl.Parse("x")',
      "\turl := Build()",
      '\turl.Parse("y")',
      "}",
      "",
    ].join("\n");
    expect(receivers(source)).toEqual([
      [null, "next", null, true],
      ["item", "Save", "Item", false],
      ["err", "Error", null, true],
      ["url", "Parse", null, false],
      [null, "Build", null, false],
      ["url", "Parse", "Build()", false],
    ]);
  });

  it("follows elements of slices, arrays, maps and channels through indexing, range, make and append", () => {
    const source = [
      "package app",
      "",
      "type Pool struct {",
      "\tconns map[string]*Conn",
      "\tidle  []*Conn",
      "\tgroups map[string][]*Conn",
      "}",
      "",
      "func (p *Pool) Close(extra []*Conn, more ...*Conn) {",
      "\tfor key, c := range p.conns {",
      "\t\tc.Close()",
      "\t\t_ = key",
      "\t}",
      "\tp.idle[0].Close()",
      "\tfirst := extra[0]",
      "\tfirst.Close()",
      "\tfor _, m := range more {",
      "\t\tm.Close()",
      "\t}",
      "\tfor _, g := range p.groups {",
      "\t\tg[0].Close()",
      "\t}",
      "\tm := make(ConnMap)",
      "\tm.Close()",
      "\tall := append(extra, more...)",
      "\tall[1].Close()",
      "\tvar list ConnList",
      "\tlist[0].Close()",
      "\tfor _, c := range list {",
      "\t\tc.Close()",
      "\t}",
      "}",
      "",
      "type ConnList []*Conn",
      "",
    ].join("\n");
    expect(receivers(source)).toEqual([
      ["c", "Close", "Pool#conns[]", false],
      ["p.idle[0]", "Close", "Pool#idle[]", false],
      ["first", "Close", "Conn", false],
      ["m", "Close", "Conn", false],
      ["g[0]", "Close", null, false],
      [null, "make", null, false],
      ["m", "Close", "ConnMap", false],
      [null, "append", null, false],
      ["all[1]", "Close", "Conn", false],
      ["list[0]", "Close", "Conn", false],
      ["c", "Close", "Conn", false],
    ]);
    expect(extract(source).member_types?.filter((member) => member.owner === "Pool")).toEqual([
      { owner: "Pool", name: "conns", type: "Conn[]" },
      { owner: "Pool", name: "idle", type: "Conn[]" },
    ]);
  });

  it("gives a type switch's name the type of each single-type case, and the switched value's in default", () => {
    const source = [
      "package app",
      "",
      "func run(v any) {",
      "\tswitch t := v.(type) {",
      "\tcase *Cache:",
      "\t\tt.Clear()",
      "\tcase Store, *Other:",
      "\t\tt.Close()",
      "\t}",
      "}",
      "",
      "func (s *Service) Run(v Closer) {",
      "\tswitch t := v.(type) {",
      "\tcase *Cache:",
      "\t\tt.Clear()",
      "\t\tswitch t.Size() {",
      "\t\tdefault:",
      "\t\t\tt.Flush()",
      "\t\t}",
      "\tdefault:",
      "\t\tt.Close()",
      "\t}",
      "}",
      "",
    ].join("\n");
    expect(receivers(source)).toEqual([
      ["t", "Clear", "Cache", false],
      ["t", "Close", null, true],
      ["t", "Clear", "Cache", false],
      ["t", "Size", "Cache", false],
      ["t", "Flush", "Cache", false],
      ["t", "Close", "Closer", false],
    ]);
  });

  it("scopes names declared in blocks, statement initializers and cases to them", () => {
    const source = [
      "package app",
      "",
      "func (s *Sizes) Size(t Type) {",
      "\tif s := table[t]; s > 0 {",
      "\t\t_ = s",
      "\t}",
      "\ts.Align()",
      "\tfor {",
      "\t\ts := NewOther()",
      "\t\ts.Run()",
      "\t\tbreak",
      "\t}",
      "\tswitch {",
      "\tcase true:",
      "\t\ts := 1",
      "\t\t_ = s",
      "\t}",
      "\ts.Align()",
      "\t(*Sizes)(nil).Align()",
      "}",
      "",
    ].join("\n");
    expect(receivers(source)).toEqual([
      ["s", "Align", "Sizes", false],
      [null, "NewOther", null, false],
      ["s", "Run", "NewOther()", false],
      ["s", "Align", "Sizes", false],
      ["(*Sizes)(nil)", "Align", "Sizes", false],
    ]);
  });

  it("types package-level values and conversions to the file's own types", () => {
    const source = [
      "package app",
      "",
      "var DefaultMux = &defaultMux",
      "var defaultMux Mux",
      "",
      "type handler string",
      "",
      "func Serve(name string) {",
      "\tDefaultMux.Handle(name)",
      "\thandler(name).ServeHTTP()",
      "\tm := defaultMux",
      "\tm.Handle(name)",
      "}",
      "",
    ].join("\n");
    expect(receivers(source)).toEqual([
      ["DefaultMux", "Handle", null, false],
      ["handler(name)", "ServeHTTP", "handler", false],
      [null, "handler", null, false],
      ["m", "Handle", "=defaultMux", false],
    ]);
    expect(extract(source).symbols.find((s) => s.name === "DefaultMux")?.value_type).toBe("=defaultMux");
  });

  it("binds function literal parameters in their own scope", () => {
    const source = ["package app", "", "func run(c *Cache) {", "\tapply(func(c *Store) { c.Close() })", "\tc.Clear()", "}", ""].join("\n");
    expect(receivers(source)).toEqual([
      [null, "apply", null, false],
      ["c", "Close", "Store", false],
      ["c", "Clear", "Cache", false],
    ]);
  });

  it("records the package, struct fields, embedded bases, asserted interfaces and result types", () => {
    const source = [
      "package store",
      "",
      "var _ Repository = (*SQLStore)(nil)",
      "var _ fmt.Stringer = &SQLStore{}",
      "",
      "type SQLStore struct {",
      "\tBase",
      "\t*pkg.Other",
      '\tdb, replica *DB `json:"db"`',
      "\tname string",
      "\tnext *SQLStore",
      "}",
      "",
      "type Repository interface {",
      "\tio.Closer",
      "\tOpen(name string) (*Conn, error)",
      "}",
      "",
      "type Alias = SQLStore",
      "",
      "type Pair[K comparable, V any] struct{ key K; value *V; other *Other }",
      "",
      "func Open(dsn string) (*SQLStore, error) { return nil, nil }",
      "func Keys[T any](x T) T { return x }",
      "",
      "var Default = Open",
      'var Shared, err = Open("x")',
      "var Typed Repository",
      "",
      "const (",
      "\tLow Level = iota",
      "\tHigh",
      ")",
      "",
    ].join("\n");
    const result = extract(source);
    expect(result.member_types).toEqual([
      { owner: "", name: "<package>", type: "store" },
      { owner: "SQLStore", name: "Base", type: "Base" },
      { owner: "SQLStore", name: "Other", type: "pkg.Other" },
      { owner: "SQLStore", name: "db", type: "DB" },
      { owner: "SQLStore", name: "replica", type: "DB" },
      { owner: "SQLStore", name: "next", type: "SQLStore" },
      { owner: "Pair", name: "other", type: "Other" },
    ]);
    const facts = (name: string) => {
      const found = result.symbols.find((s) => s.qualified_name === name)!;
      return { bases: found.bases ?? null, return_type: found.return_type ?? null, value_type: found.value_type ?? null };
    };
    expect(facts("SQLStore")).toEqual({ bases: ["Base", "pkg.Other", "Repository", "fmt.Stringer"], return_type: null, value_type: null });
    expect(facts("Repository")).toEqual({ bases: ["io.Closer"], return_type: null, value_type: null });
    expect(facts("Repository.Open")).toEqual({ bases: null, return_type: "Conn", value_type: null });
    expect(facts("Alias")).toEqual({ bases: ["SQLStore"], return_type: null, value_type: null });
    expect(facts("Open")).toEqual({ bases: null, return_type: "SQLStore", value_type: null });
    expect(facts("Keys")).toEqual({ bases: null, return_type: null, value_type: null });
    // A package-level name: the value it names, followed by the resolver (`=name`).
    expect(facts("Default")).toEqual({ bases: null, return_type: null, value_type: "=Open" });
    expect(facts("Typed")).toEqual({ bases: null, return_type: null, value_type: "Repository" });
    expect(facts("Low").value_type).toBe("Level");
    expect(facts("High").value_type).toBe("Level");
    // Several names from one call: no one value each.
    expect(facts("Shared").value_type).toBeNull();
  });
});
