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

function callsIn(caller: string): string[] {
  const rows = fixture.db
    .prepare(
      `SELECT c.line, coalesce(c.receiver || '.', '') || c.callee_name AS call, c.resolution, s.file || ':' || s.qualified_name AS target
         FROM calls c LEFT JOIN symbols s ON s.id = c.resolved_symbol_id
        WHERE c.file = 'src/app.ts' AND coalesce(c.caller_name, '') = ? ORDER BY c.line, c.id`,
    )
    .all(caller) as Row[];
  return rows.map((row) => `${row.line} ${row.call} -> ${row.target ?? row.resolution}`);
}

describe("inferred receiver types (TypeScript)", () => {
  it("`yield*` of a service tag, a tag made by a call with type arguments, and an Effect<A> result", () => {
    // The generator runs inside `program`'s initializer: module-level calls.
    expect(callsIn("")).toEqual([
      "4 Effect.gen -> src/effect.ts:gen",
      // `FileSystem: Service<FileSystem, FileSystem>`: the iterator's result is one of its arguments.
      "6 fs.remove -> src/services.ts:FileSystem.remove",
      // `service<Clock>(…)`: the explicit argument.
      "8 clock.now -> src/services.ts:Clock.now",
      // `makeLatch(): Effect<Latch>`.
      "9 makeLatch -> src/services.ts:makeLatch",
      "10 latch.open -> src/services.ts:Latch.open",
      "11 (yield* makeLatch()).close -> src/services.ts:Latch.close",
      "11 makeLatch -> src/services.ts:makeLatch",
      "12 fs.readFile -> src/services.ts:FileSystem.readFile",
      // The field initializer `new Map()` of class Holder.
      "25 Map -> unresolved",
    ]);
  });

  it("`await` of a Promise<T>, Map<K, V>#get() and agreeing returns", () => {
    expect(callsIn("main")).toEqual([
      "16 openStore -> src/services.ts:openStore",
      "17 store.get -> src/services.ts:Store.get",
      '18 stores.get("a").close -> src/services.ts:Store.close',
      "18 stores.get -> unresolved",
      "19 Map -> unresolved",
      '20 byName.get("x")!.open -> src/services.ts:Latch.open',
      "20 byName.get -> unresolved",
      "21 pick(true).close -> src/services.ts:Store.close",
      "21 pick -> src/services.ts:pick",
    ]);
  });

  it("a class field typed Map<K, V>", () => {
    expect(callsIn("Holder.release")).toEqual(["27 this.latches.get(key).close -> src/services.ts:Latch.close", "27 this.latches.get -> unresolved"]);
  });
});
