import { describe, expect, it } from "vitest";
import { extractFile } from "../extract-file";

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
    const source = ["import { make } from './m'", "export function each(make: () => void, xs: number[]) {", "  make()", "  const helper = () => 1", "  helper()", "  for (const f of xs) f()", "}", ""].join("\n");
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
});
