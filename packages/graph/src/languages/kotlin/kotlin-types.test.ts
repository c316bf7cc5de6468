import { describe, expect, it } from "vitest";
import { extractFile } from "../../extract-file";

const extract = (source: string) => extractFile("kotlin", source);
const receivers = (source: string) => extract(source).calls.map((call) => [call.receiver, call.callee, call.receiver_type ?? null, call.local ?? false]);

describe("kotlin declared types for the call resolver", () => {
  it("types receivers from parameters, locals, constructors, factories and class properties", () => {
    const source = [
      "package com.example.app",
      "",
      "class Service(private val repo: Repository, plain: Int) {",
      "    private val cache: Cache? = null",
      "    fun run(store: Store) {",
      "        store.load()",
      "        val built = buildService()",
      "        built.create()",
      "        val direct = Service(repo, 1)",
      "        direct.run(store)",
      "        val typed: Service = make()",
      "        typed.run(store)",
      "        repo.save()",
      "        cache.clear()",
      "    }",
      "}",
    ].join("\n");
    expect(receivers(source)).toEqual([
      ["store", "load", "Store", false],
      [null, "buildService", null, false],
      ["built", "create", "buildService()", false],
      [null, "Service", null, false],
      ["direct", "run", "Service()", false],
      [null, "make", null, false],
      ["typed", "run", "Service", false],
      ["repo", "save", "this#repo", false],
      ["cache", "clear", "this#cache", false],
    ]);
    expect(extract(source).member_types).toEqual([
      { owner: "", name: "<package>", type: "com.example.app" },
      { owner: "Service", name: "repo", type: "Repository" },
      { owner: "Service", name: "cache", type: "Cache" },
    ]);
  });

  it("lets lambda parameters, `it` and loop variables shadow a typed binding", () => {
    const source = [
      "fun run(repo: Repository, items: List<Item>) {",
      "    items.forEach { repo -> repo.save() }",
      "    items.forEach { it.save() }",
      "    for (repo in items) repo.save()",
      "    repo.save()",
      "}",
    ].join("\n");
    expect(receivers(source).filter((call) => call[1] === "save")).toEqual([
      ["repo", "save", null, false],
      ["it", "save", null, false],
      ["repo", "save", null, false],
      ["repo", "save", "Repository", false],
    ]);
  });

  it("records declared and expression-bodied return types", () => {
    const source = "fun build(): Service = Service()\nfun make() = Service()\nfun log(): Unit {}\n";
    expect(extract(source).symbols.map((symbol) => [symbol.name, symbol.return_type ?? null])).toEqual([
      ["build", "Service"],
      ["make", "Service()"],
      ["log", null],
    ]);
  });
});
