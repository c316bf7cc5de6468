import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexFixture, type IndexedFixture } from "./graph-fixture";

/**
 * fixtures/inferred-callers: receivers whose type no declaration states but local inference
 * reads from declared generic types (`yield*` of a service tag or an `Effect<A>`, `await` of
 * a `Promise<T>`, `Map<K, V>#get()`, a function's agreeing `return`s). Each expected edge
 * is what the TypeScript checker resolves for the call.
 */
let fixture: IndexedFixture;
beforeAll(async () => {
  fixture = await indexFixture("inferred-callers");
});
afterAll(async () => {
  await fixture.close();
});

interface Row {
  line: number;
  call: string;
  resolution: string;
  target: string | null;
}

function callsIn(caller: string, file = "src/app.ts"): string[] {
  const rows = fixture.db
    .prepare(
      `SELECT c.line, coalesce(c.receiver || '.', '') || c.callee_name AS call, c.resolution, s.file || ':' || s.qualified_name AS target
         FROM calls c LEFT JOIN symbols s ON s.id = c.resolved_symbol_id
        WHERE c.file = ? AND coalesce(c.caller_name, '') = ? ORDER BY c.line, c.id`,
    )
    .all(file, caller) as Row[];
  return rows.map((row) => `${row.line} ${row.call} -> ${row.target ?? row.resolution}`);
}

describe("inferred receiver types (TypeScript)", () => {
  it("`yield*` of a service tag, a tag made by a call with type arguments, and an Effect<A> result", () => {
    // The generator runs inside `program`'s initializer: module-level calls.
    expect(callsIn("").filter((row) => Number(row.split(" ")[0]) < 43)).toEqual([
      "5 Effect.gen -> src/effect.ts:gen",
      // `FileSystem: Service<FileSystem, FileSystem>`: the iterator's result is one of its arguments.
      "7 fs.remove -> src/services.ts:FileSystem.remove",
      // `service<Clock>(…)`: the explicit argument.
      "9 clock.now -> src/services.ts:Clock.now",
      // `makeLatch(): Effect<Latch>`.
      "10 makeLatch -> src/services.ts:makeLatch",
      "11 latch.open -> src/services.ts:Latch.open",
      "12 (yield* makeLatch()).close -> src/services.ts:Latch.close",
      "12 makeLatch -> src/services.ts:makeLatch",
      "13 fs.readFile -> src/services.ts:FileSystem.readFile",
      // The field initializer `new Map()` of class Holder.
      "26 Map -> unresolved",
    ]);
  });

  it("`await` of a Promise<T>, Map<K, V>#get() and agreeing returns", () => {
    expect(callsIn("main")).toEqual([
      "17 openStore -> src/services.ts:openStore",
      "18 store.get -> src/services.ts:Store.get",
      '19 stores.get("a").close -> src/services.ts:Store.close',
      "19 stores.get -> unresolved",
      "20 Map -> unresolved",
      '21 byName.get("x")!.open -> src/services.ts:Latch.open',
      "21 byName.get -> unresolved",
      "22 pick(true).close -> src/services.ts:Store.close",
      "22 pick -> src/services.ts:pick",
    ]);
  });

  it("a class field typed Map<K, V>", () => {
    expect(callsIn("Holder.release")).toEqual(["28 this.latches.get(key).close -> src/services.ts:Latch.close", "28 this.latches.get -> unresolved"]);
  });

  it("callback parameters typed by the callee's declared function-typed parameter", () => {
    expect(callsIn("callbacks")).toEqual([
      "33 consoleWith -> src/callbacks.ts:consoleWith",
      "33 console.log -> src/callbacks.ts:Console.log",
      "34 withStore -> src/callbacks.ts:withStore",
      "35 store.get -> src/services.ts:Store.get",
      "36 clock.now -> src/services.ts:Clock.now",
      // A method of a typed receiver, and of `this`.
      "38 runner.each -> src/callbacks.ts:Runner.each",
      "39 store.close -> src/services.ts:Store.close",
      "41 generic -> src/callbacks.ts:generic",
      // `generic<A>(value: A, f: (a: A) => void)`: A is the first argument's type.
      "41 value.open -> src/services.ts:Latch.open",
    ]);
    expect(callsIn("Runner.run", "src/callbacks.ts")).toEqual([
      "17 this.each -> src/callbacks.ts:Runner.each",
      "17 store.close -> src/services.ts:Store.close",
    ]);
  });

  it("tagged templates of a callable tag, yield* of a method's result, and callbacks typed by annotations", () => {
    expect(callsIn("").filter((row) => Number(row.split(" ")[0]) > 43 && Number(row.split(" ")[0]) < 72)).toEqual([
      "44 Effect.gen -> src/effect.ts:gen",
      // `SqlClient extends Constructor`, whose call signature returns a Statement.
      "46 sql`SELECT 1`.run -> src/services.ts:Statement.run",
      "46 sql -> unresolved",
      "47 sql.reserve -> src/services.ts:SqlClient.reserve",
      // `reserve(): Effect<Connection>`.
      "48 connection.release -> src/services.ts:Connection.release",
    ]);
    expect(callsIn("annotated")).toEqual([
      // `const withClock: (f: (clock: Clock) => void) => void = (f) => …`.
      "52 withClock -> src/callbacks.ts:withClock",
      "52 clock.now -> src/services.ts:Clock.now",
      // `readonly use: (f: (store: Store) => void) => void` in an interface.
      "53 pool.use -> src/callbacks.ts:Pool.use",
      "53 store.close -> src/services.ts:Store.close",
    ]);
  });

  it("callbacks passed to a constructor, and array methods that return an element", () => {
    expect(callsIn("constructed")).toEqual([
      "57 Task -> src/callbacks.ts:Task",
      "57 store.close -> src/services.ts:Store.close",
      "58 stores.shift()!.close -> src/services.ts:Store.close",
      "58 stores.shift -> unresolved",
    ]);
  });

  it("private #fields read through this, and factories returning an object literal", () => {
    expect(callsIn("Observer.update")).toEqual([
      "67 this.#store.close -> src/services.ts:Store.close",
      // `notifier = createNotifier()`, which returns `{ batch, flush }`.
      "68 notifier.batch -> src/services.ts:createNotifier.batch",
      "69 createNotifier().flush -> src/services.ts:createNotifier.flush",
      "69 createNotifier -> src/services.ts:createNotifier",
    ]);
  });

  it("a function-typed member returning `this`", () => {
    expect(callsIn("").filter((row) => Number(row.split(" ")[0]) > 72)).toEqual([
      "73 Effect.gen -> src/effect.ts:gen",
      "74 (yield* SqlClient).withoutTransforms -> src/services.ts:SqlClient.withoutTransforms",
      // `readonly withoutTransforms: () => this`.
      "75 sql.reserve -> src/services.ts:SqlClient.reserve",
    ]);
  });
});

describe("call results and tagged templates without a checker (TypeScript)", () => {
  it("a tagged template picks the call signature taking a TemplateStringsArray", () => {
    expect(callsIn("", "src/more.ts").filter((row) => Number(row.split(" ")[0]) < 12)).toEqual([
      "6 Effect.gen -> src/effect.ts:gen",
      // `Builder` has two call signatures: `(strings: TemplateStringsArray) => Statement` and `(name) => Identifier`.
      "8 sql`SELECT 1`.run -> src/services.ts:Statement.run",
      "8 sql -> unresolved",
      "9 sql.safe -> src/results.ts:Client.safe",
      // `readonly safe: () => this`, then a tagged template of it.
      "10 safe`SELECT 2`.run -> src/services.ts:Statement.run",
      "10 safe -> unresolved",
    ]);
  });

  it('a function returning an annotated arrow, a binding holding a call\'s result, and this["K"] results', () => {
    expect(callsIn("curried", "src/more.ts")).toEqual([
      // `decoder` returns `(input): Effect<Store> => …`.
      '14 decoder("a")("x").pipe -> src/effect.ts:Effect.pipe',
      "14 decoder -> src/results.ts:decoder",
      // `const decode = decoder("a")`.
      '15 decode("y").pipe -> src/effect.ts:Effect.pipe',
      "15 decode -> src/results.ts:decode",
      // `annotate(): this["Rebuild"]` with `readonly Rebuild: Rebuild` and `Rebuild extends Top`.
      '16 Str.annotate("n").pipe -> src/results.ts:Pipeable.pipe',
      "16 Str.annotate -> src/results.ts:Schema.annotate",
    ]);
  });

  it("callback parameters bound by a generic callee's other arguments", () => {
    expect(callsIn("generics", "src/more.ts")).toEqual([
      // `flatMap<A, B>(self: Effect<A>, f: (a: A) => Effect<B>)` with `makeLatch(): Effect<Latch>`: `a` is a Latch.
      "20 Effect.flatMap -> src/effect.ts:flatMap",
      "20 makeLatch -> src/services.ts:makeLatch",
      "21 latch.close -> src/services.ts:Latch.close",
      "22 makeLatch -> src/services.ts:makeLatch",
      // `FileSystem: Service<FileSystem, FileSystem>`, an Effect<FileSystem>.
      "24 Effect.flatMap -> src/effect.ts:flatMap",
      "24 fs.readFile -> src/services.ts:FileSystem.readFile",
    ]);
  });

  it("`yield*` of a class made by a service factory with explicit type arguments", () => {
    expect(callsIn("", "src/more.ts").filter((row) => Number(row.split(" ")[0]) > 26)).toEqual([
      "27 Effect.gen -> src/effect.ts:gen",
      // `class Ids extends Tag<Ids, IdShape>()("Ids")`: the service's shape is the argument with `next`.
      "29 ids.next -> src/results.ts:IdShape.next",
    ]);
  });

  it("a typed field shadows a base's method, and a bare call never names an object literal's member", () => {
    expect([...callsIn("shadowed", "src/more.ts"), ...callsIn("shadowed.next", "src/more.ts")]).toEqual([
      // `logFrame!: () => number` in Cold: the checker names that field (no symbol), not Loggable.logFrame.
      "33 cold.logFrame -> unresolved",
      // `next` is the parameter, not the literal's `next` property around the call.
      "34 next -> unresolved",
    ]);
  });

  it("destructured callback parameters", () => {
    expect(callsIn("destructured", "src/more.ts")).toEqual([
      "38 withOptions -> src/callbacks.ts:withOptions",
      // `f: (options: Options) => void`: `store` and `at` are Options' `store` and `clock`.
      "39 store.close -> src/services.ts:Store.close",
      "40 at.now -> src/services.ts:Clock.now",
    ]);
  });

  it("results of generic functions bound by an argument", () => {
    expect(callsIn("bound", "src/more.ts")).toEqual([
      // `getRef<A>(ref: Reference<A>): A` with `ClockRef: Reference<Clock>`.
      "45 fiber.getRef(ClockRef).now -> src/services.ts:Clock.now",
      "45 fiber.getRef -> src/results.ts:Fiber.getRef",
      // `A | undefined`.
      "46 getOrUndefined(ClockRef).now -> src/services.ts:Clock.now",
      "46 getOrUndefined -> src/results.ts:getOrUndefined",
      // `const unwrap: <A>(self: Reference<A>) => A`.
      "47 unwrap(ClockRef).now -> src/services.ts:Clock.now",
      "47 unwrap -> src/results.ts:unwrap",
      "48 fiber.getRef -> src/results.ts:Fiber.getRef",
      "49 clock.now -> src/services.ts:Clock.now",
    ]);
  });

  it("argument steps leave built-in results and agreeing calls alone", () => {
    expect(callsIn("agreeing", "src/more.ts")).toEqual([
      "54 stores.get(KEY).close -> src/services.ts:Store.close",
      "54 stores.get -> unresolved",
      // `open(ClockRef)` and `open(ClockRef, mode)`: one function, so one result type.
      "55 (flag ? open(ClockRef) : open(ClockRef, mode)).close -> src/services.ts:Store.close",
      "55 open -> src/results.ts:open",
      "55 open -> src/results.ts:open",
    ]);
  });
});
