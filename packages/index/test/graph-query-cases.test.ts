import { describe, expect, it } from "vitest";
import { analyzeCallGraph, indexLocation, openIndexReader, resolveSymbolArgument, updateIndex } from "../src/index";
import { tempTree } from "./helpers";

async function indexed(files: Record<string, string>) {
  const root = tempTree(files);
  const location = indexLocation(root);
  await updateIndex(location, { workers: 0 });
  return openIndexReader(location);
}

describe("symbol arguments in Rust", () => {
  it("a type wins over its impl block; Type::method is qualified", async () => {
    const reader = await indexed({
      "src/lib.rs": "pub struct Store;\n\nimpl Store {\n    pub fn get(&self) -> u8 {\n        1\n    }\n}\n\npub fn get() -> u8 {\n    Store.get()\n}\n",
    });
    try {
      const store = resolveSymbolArgument(reader.database, "Store");
      expect(store.status === "resolved" && [store.symbol.kind, store.symbol.line]).toEqual(["struct", 1]);
      const method = resolveSymbolArgument(reader.database, "Store::get");
      expect(method.status === "resolved" && [method.form, method.symbol.qualified_name, method.symbol.line]).toEqual(["qualified_name", "Store.get", 4]);
      const both = resolveSymbolArgument(reader.database, "get");
      expect(both.status).toBe("ambiguous");
      const file = resolveSymbolArgument(reader.database, "lib.rs:5");
      expect(file.status === "resolved" && file.symbol.qualified_name).toBe("Store.get");
    } finally {
      await reader.close();
    }
  });
});

describe("entry points inferred from the index", () => {
  it("a Rust library's pub items and test functions are live; private strays are dead", async () => {
    const reader = await indexed({
      "src/lib.rs": "mod util;\n\npub fn api() {\n    util::helper();\n}\n\nfn orphan() {}\n",
      "src/util.rs": "pub fn helper() {\n    inner();\n}\n\nfn inner() {}\n\nfn stray() {\n    inner();\n}\n",
      "tests/it.rs": "#[test]\nfn checks_api() {\n    check();\n}\n\nfn check() {}\n",
    });
    try {
      const report = analyzeCallGraph(reader.database, { limit: 0 });
      const reasons = Object.fromEntries(report.entry_point_details.map((entry) => [entry.name, entry.reasons]));
      expect(reasons.api).toEqual(["exported"]);
      // `mod util;` is private: its pub items are not the crate's API, helper lives because api calls it.
      expect(reasons.helper).toBeUndefined();
      expect(reasons.checks_api).toEqual(["test"]);
      expect(report.dead_code.dead_nodes.map((node) => [node.name, node.reason])).toEqual([
        ["orphan", "isolated"],
        ["stray", "unreachable"],
      ]);
      expect(report.coupling.modules.map((module) => module.module)).toEqual(["src", "tests"]);
    } finally {
      await reader.close();
    }
  });

  it("TypeScript barrels: export * and named re-exports through two levels, members of exported classes", async () => {
    const reader = await indexed({
      "src/index.ts": "export * from './api';\nexport { Widget as Thing } from './widget';\n",
      "src/api.ts": "import { nestedBarrel } from './nested';\nexport * from './deep';\nexport function hidden() { return 1; }\n",
      "src/deep.ts": "export function deepApi() { return helper(); }\nfunction helper() { return 2; }\nexport function unusedExport() { return 3; }\n",
      "src/widget.ts":
        "export class Widget {\n  render() { return this.paint(); }\n  private paint() { return 1; }\n}\nexport function notReexported() { return 4; }\n",
      // An internal barrel (imported by api.ts): not a package entry.
      "src/nested/index.ts": "export function nestedBarrel() { return 5; }\n",
      // A subpath entry nothing imports (`pkg/extra`): its exports are API.
      "src/extra/index.ts": "export function extraApi() { return 6; }\n",
    });
    try {
      const report = analyzeCallGraph(reader.database, { limit: 0 });
      const exported = report.entry_point_details.filter((entry) => entry.reasons.includes("exported")).map((entry) => entry.name);
      // Classes are nodes only when called (`new`); their public members are what runs.
      expect(exported).toEqual(["Widget.render", "deepApi", "extraApi", "hidden", "unusedExport"]);
      expect(report.dead_code.dead_nodes.map((node) => node.name)).toEqual(["nestedBarrel", "notReexported"]);
    } finally {
      await reader.close();
    }
  });

  it("leaves declarations, callbacks, overloads and protocol members out of dead code", async () => {
    const reader = await indexed({
      "src/main.ts": [
        "interface Shape {",
        "  area(): number;",
        "}",
        "class Square implements Shape {",
        "  constructor(private side: number) {}",
        "  area() { return this.side * this.side; }",
        "  toString() { return `square`; }",
        "  get size() { return this.side; }",
        "  [Symbol.iterator]() { return [this.side][Symbol.iterator](); }",
        "  unusedMethod() { return 0; }",
        "}",
        "function pad(value: string): string;",
        "function pad(value: number): string;",
        "function pad(value: string | number): string { return String(value); }",
        "function main() {",
        "  const shapes: Shape[] = [new Square(2)];",
        "  const handlers = { onDone: () => 1 };",
        "  shapes.map((shape) => shape.area()).forEach(function report() {});",
        "  return [handlers, pad(1)];",
        "}",
        "function neverCalled() {}",
        "",
      ].join("\n"),
      "src/lib.rs":
        'use std::fmt;\n\npub struct Id(u32);\n\nimpl fmt::Display for Id {\n    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {\n        write!(f, "{}", self.0)\n    }\n}\n\nfn lonely() {}\n',
    });
    try {
      const report = analyzeCallGraph(reader.database, { limit: 0 });
      expect(report.dead_code.dead_nodes.map((node) => node.name)).toEqual(["Square.unusedMethod", "lonely", "neverCalled"]);
      const reasons = Object.fromEntries(report.entry_point_details.map((entry) => [entry.name, entry.reasons]));
      expect(reasons["Id.fmt"]).toEqual(["exported", "protocol"]);
      expect(reasons["Square.toString"]).toEqual(["protocol"]);
      expect(reasons["Square.area"]).toEqual(["possible_call"]);
      const names = report.health.scores.map((score) => score.name);
      expect(names).not.toContain("Shape.area");
      expect(names.filter((name) => name.startsWith("pad"))).toEqual(["pad"]);
    } finally {
      await reader.close();
    }
  });

  it("Python: a package __init__ re-exports, scripts call from top-level code", async () => {
    const reader = await indexed({
      "pkg/__init__.py": "from .core import run_core\n",
      "pkg/core.py": "def run_core():\n    return _step()\n\ndef _step():\n    return 1\n\ndef _unused():\n    return 2\n",
      "scripts/tool.py": "def go():\n    return 1\n\ngo()\n",
    });
    try {
      const report = analyzeCallGraph(reader.database, { limit: 0 });
      const reasons = Object.fromEntries(report.entry_point_details.map((entry) => [entry.name, entry.reasons]));
      expect(reasons.run_core).toEqual(["exported"]);
      expect(reasons.go).toEqual(["module_scope_call"]);
      expect(report.dead_code.dead_nodes.map((node) => node.name)).toEqual(["_unused"]);
    } finally {
      await reader.close();
    }
  });
});
