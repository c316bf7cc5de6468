import { describe, expect, it } from "vitest";
import { extractFile } from "../../extract-file";

const extract = (source: string) => extractFile("typescript", source);
const typed = (source: string) =>
  extract(source)
    .calls.filter((call) => call.receiver_type !== undefined || call.local)
    .map((call) => [call.receiver ? `${call.receiver}.${call.callee}` : call.callee, call.receiver_type ?? null, call.local ?? false]);

describe("declared types for the call resolver (TypeScript)", () => {
  it("records receiver types from parameters, locals, `new`, calls, casts and `this:`", () => {
    const source = [
      "import * as Effect from './Effect'",
      "export function run(store: Store, pool: Pool<number> | undefined) {",
      "  store.get('a')",
      "  pool.semaphore.withPermit()",
      "  const cache = new Cache()",
      "  cache.peek('b')",
      "  const made = Store.open()",
      "  made.get('c')",
      "  Effect.gen(function* () {}).pipe()",
      "  ;(made as Other).go()",
      "  unknown.call()",
      "}",
      "const Proto = { toJSON(this: BigDecimal) { return this.toJSON() } }",
      "",
    ].join("\n");
    expect(typed(source)).toEqual([
      ["store.get", "Store", false],
      ["pool.semaphore.withPermit", "Pool#semaphore", false],
      ["cache.peek", "Cache", false],
      ["made.get", "Store.open()", false],
      ["Effect.gen(function* () {}).pipe", "Effect.gen()", false],
      ["(made as Other).go", "Other", false],
      ["this.toJSON", "BigDecimal", false],
    ]);
  });

  it("types `this.field` through class fields and constructor parameter properties", () => {
    const source = [
      "export class App {",
      "  private readonly store = Store.open()",
      "  items: Map<string, number> = new Map()",
      "  constructor(private readonly clock: Clock, plain: Other) {}",
      "  run() {",
      "    this.store.get()",
      "    this.clock.now()",
      "    this.later.go()",
      "  }",
      "}",
      "",
    ].join("\n");
    const result = extract(source);
    expect(typed(source)).toEqual([
      ["this.store.get", "Store.open()", false],
      ["this.clock.now", "Clock", false],
      ["this.later.go", "this#later", false],
    ]);
    expect(result.member_types).toEqual([
      { owner: "App", name: "store", type: "Store.open()" },
      { owner: "App", name: "items", type: "Map" },
      { owner: "App", name: "clock", type: "Clock" },
    ]);
  });

  it("marks bare calls of parameters and locals, not of nested functions", () => {
    const source = [
      "import { make } from './m'",
      "export function each(make: () => void, xs: number[]) {",
      "  make()",
      "  const helper = () => 1",
      "  helper()",
      "  for (const f of xs) f()",
      "}",
      "",
    ].join("\n");
    expect(typed(source)).toEqual([
      ["make", null, true],
      ["f", null, true],
    ]);
  });

  it("records return and value types of functions and bindings", () => {
    const source = [
      "export function open(): Store<number> { return new Store() }",
      "export const make = (n: number) => Store.open(n)",
      "export const succeed: <A>(value: A) => Effect<A> = core.succeed",
      "export const map: {",
      "  <A, B>(f: (a: A) => B): (self: Effect<A>) => Effect<B>",
      "  <A, B>(self: Effect<A>, f: (a: A) => B): Effect<B>",
      "} = dual(2, (self, f) => self)",
      "export const alias = core.map",
      "export const String: String = make()",
      "export const layer = Layer.effect()",
      "",
    ].join("\n");
    expect(extract(source).symbols.map((symbol) => [symbol.name, symbol.return_type ?? null, symbol.value_type ?? null])).toEqual([
      ["open", "Store", null],
      ["make", "Store.open()", null],
      ["succeed", "Effect", null],
      ["map", "Effect", null],
      ["alias", "core.map()", "=core.map"],
      ["String", null, "String"],
      ["layer", null, "Layer.effect()"],
    ]);
  });

  it("records the bases of classes, interfaces and type aliases, and export aliases", () => {
    const source = [
      "export class A extends B.C<number> implements D, E<F> {}",
      "export class S extends Mixin(Base) {}",
      "export class R extends Schema.Class<R>('R')({}) {}",
      "export interface I<out T> extends J<T>, K.L {}",
      "export type T = U & V<W>",
      "const ArraySchema = make()",
      "export { ArraySchema as Array, make }",
      "",
    ].join("\n");
    const result = extract(source);
    expect(result.symbols.filter((symbol) => symbol.bases).map((symbol) => [symbol.name, symbol.bases])).toEqual([
      ["A", ["B.C", "D", "E"]],
      ["S", ["Mixin()"]],
      ["I", ["J", "K.L"]],
      ["T", ["U", "V"]],
    ]);
    expect(result.member_types).toEqual([{ owner: "", name: "Array", type: "=ArraySchema" }]);
  });

  it("records union aliases as one `A|B` base, and only when every part is a named type", () => {
    const source = [
      "export type Option<A> = None<A> | Some<A> | undefined",
      "export type Mixed = Some<number> | string",
      "export type Exit<A> = Exit.Success<A> | (Exit.Failure<A> | null)",
      "",
    ].join("\n");
    expect(
      extract(source)
        .symbols.filter((symbol) => symbol.bases)
        .map((symbol) => [symbol.name, symbol.bases]),
    ).toEqual([
      ["Option", ["None|Some"]],
      ["Exit", ["Exit.Success|Exit.Failure"]],
    ]);
  });

  it("makes function-typed interface members methods with return types; curried results are `>R`", () => {
    const source = [
      "export interface Store {",
      "  readonly get: (key: string) => Effect.Effect<string>",
      "  readonly both: { (key: string): Option<string>; (key: string, fallback: string): Option<string> }",
      "  readonly size: number",
      "  readonly nested: { readonly inner: () => void }",
      "}",
      "export type Api = {\n  readonly run: () => (input: string) => Result<number>\n}",
      "export function make(options: { readonly onDone: () => void }) {}",
      "export const curried: (a: number) => (b: number) => Circle = (a) => (b) => circle(a, b)",
      "export function later(a: number): (b: number) => Circle { return (b) => circle(a, b) }",
      "",
    ].join("\n");
    expect(extract(source).symbols.map((symbol) => [symbol.qualified_name, symbol.kind, symbol.return_type ?? null])).toEqual([
      ["Store", "interface", null],
      ["Store.get", "method", "Effect.Effect"],
      ["Store.both", "method", "Option"],
      ["Api", "type_alias", null],
      ["Api.run", "method", ">Result"],
      ["make", "function", null],
      ["curried", "function", ">Circle"],
      ["later", "function", ">Circle"],
    ]);
  });

  it("reads type-parameter constraints, inline object parameter types and calls of local call results", () => {
    const source = [
      "export function make<S extends Schema.Top, A>(self: S, other: A, options: { readonly pull: Pull.Pull<S>; readonly size: number }): S {",
      "  self.pipe()",
      "  other.pipe()",
      "  options.pull.pipe()",
      "  const run = Effect.fnUntraced(body)",
      "  run(1).pipe()",
      "  return self",
      "}",
      "export function free<A>(a: A): A { return a }",
      "",
    ].join("\n");
    expect(typed(source)).toEqual([
      ["self.pipe", "Schema.Top", false],
      ["options.pull.pipe", "Pull.Pull", false],
      ["run(1).pipe", "Effect.fnUntraced()()", false],
      ["run", null, true],
    ]);
    expect(extract(source).symbols.map((symbol) => [symbol.name, symbol.return_type ?? null])).toEqual([
      ["make", "Schema.Top"],
      // An unconstrained type parameter result is bound by the argument of that type: `@0`.
      ["free", "@0"],
    ]);
  });

  it("records what callable interfaces and type aliases return, and `this` results", () => {
    const source = [
      "export interface Lambda {\n  <S extends Top>(self: S): optional<S>\n  readonly name: string\n}",
      "export type Untraced = {\n  <A>(body: () => A): (...args: Array<any>) => Effect<A>\n}",
      "export type Mixed = {\n  <A>(body: () => A): (...args: Array<any>) => A\n}",
      "export class Builder {\n  add(): this { return this }\n}",
      "",
    ].join("\n");
    expect(extract(source).symbols.map((symbol) => [symbol.qualified_name, symbol.return_type ?? null])).toEqual([
      // Named generic arguments are kept (a type parameter as its constraint): `optional<S>` with `S extends Top`.
      ["Lambda", "optional<Top>"],
      ["Untraced", ">Effect"],
      // A result that is a bare type parameter says nothing: nothing is recorded.
      ["Mixed", null],
      ["Builder", null],
      ["Builder.add", "this"],
    ]);
  });

  it("types array elements, `for … of` bindings, agreeing branches and member-subset utility types", () => {
    const source = [
      "export function run(nodes: ReadonlyArray<Node | undefined>, list: Entry[], self: Omit<Chunk, 'length'>, pool: Pool, cached: Reader | undefined) {",
      "  nodes[0].hash()",
      "  const entry = list[1]",
      "  entry.complete()",
      "  for (const node of nodes) node.hash()",
      "  for (const key in list) key.trim()",
      "  const reader = cached ?? new Reader()",
      "  reader.read()",
      "  const other = pool.reader ?? new Reader()",
      "  other.read()",
      "  const maybe = entry ? undefined : new Writer()",
      "  maybe.write()",
      "  const mixed = entry ? new Reader() : new Writer()",
      "  mixed.close()",
      "  self.toJSON()",
      "  pool.slots[2].take()",
      "}",
      "",
    ].join("\n");
    expect(typed(source)).toEqual([
      ["nodes[0].hash", "Node", false],
      ["entry.complete", "Entry", false],
      ["node.hash", "Node", false],
      ["reader.read", "Reader", false],
      ["maybe.write", "Writer", false],
      ["self.toJSON", "Chunk", false],
      ["pool.slots[2].take", "Pool#slots[]", false],
    ]);
  });
});
