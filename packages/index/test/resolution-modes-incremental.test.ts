import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { indexLocation, updateIndex } from "../src/index";
import { query } from "./db-helpers";
import { bumpMtime, tempTree } from "./helpers";

/**
 * Kotlin imports name package members, not files, so an import row never points at the file
 * it binds: an incremental update must still revisit the importers' calls when a file of the
 * imported package changes, and give what a rebuild gives.
 */
const TARGETS = `SELECT c.line, c.callee_name, s.file || ':' || s.qualified_name AS target
  FROM calls c LEFT JOIN symbols s ON s.id = c.resolved_symbol_id WHERE c.file = 'src/app/Main.kt' ORDER BY c.line, c.id`;

describe("resolution modes after an incremental update", () => {
  it("re-resolves a Kotlin importer's calls when a file of the imported package changes", async () => {
    const root = tempTree({
      "src/service/Model.kt": [
        "package com.example.service",
        "",
        "class Service {",
        "    fun createUser(name: String): Boolean = name.isNotEmpty()",
        "}",
        "",
        "class Audit {",
        "    fun createUser(name: String): Boolean = name.isEmpty()",
        "}",
        "",
      ].join("\n"),
      "src/service/Factory.kt": "package com.example.service\n\nfun buildService(): Service = Service()\n",
      "src/app/Main.kt": [
        "package com.example.app",
        "",
        "import com.example.service.buildService",
        "",
        "fun main() {",
        "    val built = buildService()",
        '    built.createUser("ada")',
        "}",
        "",
      ].join("\n"),
    });
    const location = indexLocation(root);
    await updateIndex(location, { workers: 0 });
    expect(query(location.dbPath, TARGETS)).toContainEqual({ line: 7, callee_name: "createUser", target: "src/service/Model.kt:Service.createUser" });

    // Only buildService()'s declared type changes, in a file that defines no `createUser`.
    const factory = join(root, "src/service/Factory.kt");
    writeFileSync(factory, readFileSync(factory, "utf8").replace("fun buildService(): Service = Service()", "fun buildService(): Audit = Audit()"));
    bumpMtime(factory);
    await updateIndex(location, { workers: 0 });
    const incremental = query(location.dbPath, TARGETS);
    expect(incremental).toContainEqual({ line: 7, callee_name: "createUser", target: "src/service/Model.kt:Audit.createUser" });

    await updateIndex(location, { workers: 0, rebuild: true });
    expect(query(location.dbPath, TARGETS)).toEqual(incremental);
  });

  it("re-resolves a PHP importer's calls when a file of the imported namespace changes", async () => {
    // No composer.json: `use function` names a namespace member, found through the files' `namespace` lines.
    const root = tempTree({
      "src/Service/Model.php": [
        "<?php",
        "",
        "namespace App\\Service;",
        "",
        "class Service",
        "{",
        "    public function createUser(string $name): bool { return $name !== ''; }",
        "}",
        "",
        "class Audit",
        "{",
        "    public function createUser(string $name): bool { return $name === ''; }",
        "}",
        "",
      ].join("\n"),
      "src/Service/factory.php": "<?php\n\nnamespace App\\Service;\n\nfunction buildService(): Service { return new Service(); }\n",
      "src/App/Main.php": [
        "<?php",
        "",
        "namespace App\\App;",
        "",
        "use function App\\Service\\buildService;",
        "",
        "function main(): void",
        "{",
        "    $built = buildService();",
        "    $built->createUser('ada');",
        "}",
        "",
      ].join("\n"),
    });
    const targets = TARGETS.replace("src/app/Main.kt", "src/App/Main.php");
    const location = indexLocation(root);
    await updateIndex(location, { workers: 0 });
    expect(query(location.dbPath, targets)).toContainEqual({ line: 10, callee_name: "createUser", target: "src/Service/Model.php:Service.createUser" });

    const factory = join(root, "src/Service/factory.php");
    writeFileSync(
      factory,
      readFileSync(factory, "utf8").replace(
        "function buildService(): Service { return new Service(); }",
        "function buildService(): Audit { return new Audit(); }",
      ),
    );
    bumpMtime(factory);
    await updateIndex(location, { workers: 0 });
    const incremental = query(location.dbPath, targets);
    expect(incremental).toContainEqual({ line: 10, callee_name: "createUser", target: "src/Service/Model.php:Audit.createUser" });

    await updateIndex(location, { workers: 0, rebuild: true });
    expect(query(location.dbPath, targets)).toEqual(incremental);
  });

  it("re-resolves calls through a Rust `mod` path when the module's file changes", async () => {
    const root = tempTree({
      "src/main.rs": "mod model;\nmod repo;\n\nfn main() {\n    let made = repo::make();\n    made.run();\n}\n",
      "src/model.rs": "pub struct A;\n\nimpl A {\n    pub fn run(&self) {}\n}\n\npub struct B;\n\nimpl B {\n    pub fn run(&self) {}\n}\n",
      "src/repo.rs": "use crate::model::{A, B};\n\npub fn make() -> A {\n    A\n}\n",
    });
    const rows = `SELECT c.line, s.file || ':' || s.qualified_name AS target FROM calls c LEFT JOIN symbols s ON s.id = c.resolved_symbol_id
      WHERE c.file = 'src/main.rs' AND c.callee_name = 'run' ORDER BY c.line`;
    const location = indexLocation(root);
    await updateIndex(location, { workers: 0 });
    expect(query(location.dbPath, rows)).toEqual([{ line: 6, target: "src/model.rs:A.run" }]);

    // Only make()'s declared type changes, in a file that defines no `run`.
    const repo = join(root, "src/repo.rs");
    writeFileSync(repo, readFileSync(repo, "utf8").replace("pub fn make() -> A {\n    A", "pub fn make() -> B {\n    B"));
    bumpMtime(repo);
    await updateIndex(location, { workers: 0 });
    const incremental = query(location.dbPath, rows);
    expect(incremental).toEqual([{ line: 6, target: "src/model.rs:B.run" }]);
    await updateIndex(location, { workers: 0, rebuild: true });
    expect(query(location.dbPath, rows)).toEqual(incremental);
  });
});
