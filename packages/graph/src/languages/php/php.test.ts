import { describe, expect, it } from "vitest";
import { extractFile } from "../../extract-file";

const extract = (source: string) => extractFile("php", source);
const php = (...lines: string[]) => ["<?php", ...lines, ""].join("\n");
const symbol = (source: string, qualifiedName: string, kind?: string) => {
  const found = extract(source).symbols.find((s) => s.qualified_name === qualifiedName && (kind === undefined || s.kind === kind));
  if (!found) throw new Error(`no symbol ${qualifiedName}`);
  return found;
};
const calls = (source: string) => extract(source).calls.map((c) => [c.caller, c.receiver, c.callee, c.kind, c.receiver_type ?? null]);

describe("php symbols", () => {
  it("keeps classes of a namespace top-level and records the namespace as the file's package", () => {
    const source = php("namespace App\\Models;", "class User { public function save() {} }");
    const result = extract(source);
    expect(result.symbols.map((s) => [s.qualified_name, s.kind, s.parent])).toEqual([
      ["App\\Models", "namespace", null],
      ["User", "class", null],
      ["User.save", "method", "User"],
    ]);
    expect(result.member_types).toContainEqual({ owner: "", name: "<package>", type: "App\\Models" });
  });

  it("names each kind a class body declares", () => {
    const source = php(
      "interface Shape {",
      "  const SIDES = 0;",
      "  public function area(): float;",
      "}",
      "trait Named {",
      "  private string $name = '';",
      "}",
      "enum Suit: string {",
      "  case Hearts = 'H';",
      "  case Spades = 'S';",
      "}",
      "abstract class Base {",
      "  private const A = 1, B = 2;",
      "  protected static ?Base $instance = null, $other;",
      "  var $legacy;",
      "  public function __construct(private readonly Repo $repo, int $plain) {}",
      "  abstract protected function run(): void;",
      "}",
      "const TOP = 1;",
      "function helper() {}",
    );
    const symbols = extract(source).symbols.map((s) => [s.qualified_name, s.kind, s.visibility]);
    expect(symbols).toEqual([
      ["Shape", "interface", "public"],
      ["Shape.SIDES", "const", "public"],
      ["Shape.area", "method", "public"],
      ["Named", "trait", "public"],
      ["Named.name", "property", "private"],
      ["Suit", "enum", "public"],
      ["Suit.Hearts", "const", "public"],
      ["Suit.Spades", "const", "public"],
      ["Base", "class", "public"],
      ["Base.A", "const", "private"],
      ["Base.B", "const", "private"],
      ["Base.instance", "property", "protected"],
      ["Base.other", "property", "protected"],
      ["Base.legacy", "property", "public"],
      ["Base.__construct", "constructor", "public"],
      // A promoted parameter is a property of the class; a plain one is not.
      ["Base.repo", "property", "private"],
      ["Base.run", "method", "protected"],
      ["TOP", "const", "public"],
      ["helper", "function", "public"],
    ]);
  });

  it("writes one-line signatures: attributes kept, bodies and terminators dropped, each list member its own", () => {
    const source = php(
      "#[Entity]",
      "final class User extends Model implements \\JsonSerializable {",
      "  private const A = 1, B = 'two';",
      "  #[Column]",
      "  protected ?Repo $repo = null;",
      "  abstract public function run(int $a,",
      "     string $b): ?static;",
      "}",
    );
    expect(symbol(source, "User").signature).toBe("#[Entity] final class User extends Model implements \\JsonSerializable");
    expect(symbol(source, "User").line).toBe(2);
    expect(symbol(source, "User.B").signature).toBe("private const B = 'two'");
    expect(symbol(source, "User.repo").signature).toBe("#[Column] protected ?Repo $repo = null");
    expect(symbol(source, "User.repo").line).toBe(5);
    expect(symbol(source, "User.run").signature).toBe("abstract public function run(int $a, string $b): ?static");
  });

  it("records bases: extends, implements and used traits, by their last name segment", () => {
    const source = php("class A extends \\Base\\Model implements I, \\Other\\J { use T1, \\X\\T2 { T1::a insteadof T2; } }", "interface K extends I, J {}");
    expect(symbol(source, "A").bases).toEqual(["Model", "I", "J", "T1", "T2"]);
    expect(symbol(source, "K").bases).toEqual(["I", "J"]);
  });

  it("reads PHPDoc blocks above attributes and modifiers", () => {
    const source = php("/**", " * Loads users.", " * @param int $id", " */", "#[Route('/users')]", "function load(int $id) {}");
    expect(symbol(source, "load").doc).toBe("Loads users.");
  });

  it("gives anonymous classes PHP's name, so their methods are not the enclosing class's", () => {
    const source = php("class Outer {", "  public function make() {", "    return new class extends Base { public function m() { $this->n(); } };", "  }", "}");
    expect(symbol(source, "Outer.make.class@anonymous").bases).toEqual(["Base"]);
    expect(symbol(source, "Outer.make.class@anonymous.m").kind).toBe("method");
    expect(extract(source).calls.map((c) => [c.caller, c.callee])).toEqual([["Outer.make.class@anonymous.m", "n"]]);
  });

  it("declares functions of conditional blocks globally and names property hooks after their property", () => {
    const source = php(
      "if (!function_exists('dump')) { function dump($x) {} }",
      "class P { public string $name { get => strtoupper($this->name); set(string $v) { $this->name = $v; } } }",
    );
    expect(symbol(source, "dump").parent).toBeNull();
    expect(
      extract(source)
        .symbols.filter((s) => s.qualified_name === "P.name")
        .map((s) => s.kind),
    ).toEqual(["property", "getter", "setter"]);
  });
});

describe("php calls", () => {
  it("reads receivers as written and the class behind self, static and parent", () => {
    const source = php(
      "class A extends B {",
      "  public function f($x) {",
      "    $this->g(); self::h(); static::i(); parent::j(); $x?->k(); A::l(); \\App\\Util::m();",
      "    new self(); new static; new parent(); new \\App\\Thing(); new Local();",
      "  }",
      "}",
    );
    expect(calls(source)).toEqual([
      ["A.f", "$this", "g", "call", null],
      ["A.f", "self", "h", "call", null],
      ["A.f", "static", "i", "call", null],
      ["A.f", "parent", "j", "call", "B"],
      ["A.f", "$x", "k", "call", null],
      ["A.f", "A", "l", "call", "A"],
      // A qualified class names a namespace the file may not be in: no type is claimed.
      ["A.f", "\\App\\Util", "m", "call", null],
      ["A.f", null, "A", "new", null],
      ["A.f", null, "A", "new", null],
      ["A.f", null, "B", "new", null],
      ["A.f", "App", "Thing", "new", null],
      ["A.f", null, "Local", "new", null],
    ]);
  });

  it("calls global and namespaced functions (`\\` the global namespace), and leaves dynamic names out", () => {
    const source = php(
      "function f($o, $m, $fn, $cls) {",
      "  \\strlen('x'); namespace\\local(); \\App\\Support\\slug(); helper();",
      "  $fn(); $o->$m(); new $cls(); $cls::make();",
      "}",
    );
    expect(calls(source)).toEqual([
      ["f", "\\", "strlen", "call", null],
      ["f", null, "local", "call", null],
      ["f", "App\\Support", "slug", "call", null],
      ["f", null, "helper", "call", null],
      ["f", "$cls", "make", "call", null],
    ]);
  });

  it("keeps PHP's global classes apart from the project's same-named ones", () => {
    const source = php(
      "namespace App\\Command;",
      "function f() {",
      "  try { throw new \\RuntimeException('x'); } catch (\\RuntimeException $e) { $e->getMessage(); }",
      "  throw new RuntimeException('y');",
      "}",
    );
    expect(calls(source)).toEqual([
      ["f", "\\", "RuntimeException", "new", null],
      ["f", "$e", "getMessage", "call", null],
      // Unqualified: the file's namespace (or an import) decides, as the resolver looks it up.
      ["f", null, "RuntimeException", "new", null],
    ]);
  });

  it("reports a chained call on the line of its name and finds calls in interpolated strings", () => {
    const source = php("function f($q) {", "  $q->where('a')", "    ->limit(1)", "    ->get();", '  echo "n: {$q->count()}";', "}");
    expect(extract(source).calls.map((c) => [c.callee, c.receiver, c.line])).toEqual([
      ["where", "$q", 3],
      ["limit", "$q->where('a')", 4],
      ["get", "$q->where('a')->limit(1)", 5],
      ["count", "$q", 6],
    ]);
  });

  it("counts decision points and nesting, an else-if continuing its chain", () => {
    const source = php(
      "function f($n) {",
      "  if ($n > 1 && $n < 5) { foreach ($n as $x) {} } else if ($n) {} elseif ($n or $x) {} else {}",
      "  switch ($n) { case 1: break; case 2: break; default: }",
      "  try {} catch (E $e) {}",
      "  return match ($n) { 1 => 'a', default => $n ?: ($n ?? 1) ? 1 : 2 };",
      "}",
    );
    // if, &&, foreach, else-if, elseif, or, 2 cases, catch, 1 match arm, ?:, ??, ? :
    expect(symbol(source, "f").complexity).toEqual({ cyclomatic: 14, max_nesting: 2, lines: 6 });
  });
});

describe("php imports", () => {
  it("gives one entry per used name, groups and aliases resolved to the full name", () => {
    const source = php(
      "use App\\Model\\User;",
      "use \\Psr\\Log\\LoggerInterface as Logger, Countable;",
      "use App\\{Model\\Role, Model\\Team as Crew};",
      "use function App\\Support\\slugify;",
      "use const App\\Support\\MAX;",
      "class A { use Trait1; }",
    );
    expect(extract(source).imports.map((i) => [i.module, i.names, i.kind])).toEqual([
      ["App\\Model\\User", [{ name: "User", alias: null }], "use"],
      ["Psr\\Log\\LoggerInterface", [{ name: "LoggerInterface", alias: "Logger" }], "use"],
      ["Countable", [{ name: "Countable", alias: null }], "use"],
      ["App\\Model\\Role", [{ name: "Role", alias: null }], "use"],
      ["App\\Model\\Team", [{ name: "Team", alias: "Crew" }], "use"],
      ["App\\Support\\slugify", [{ name: "slugify", alias: null }], "use"],
      ["App\\Support\\MAX", [{ name: "MAX", alias: null }], "use"],
    ]);
  });

  it("reads include paths written as literals or against the file's directory", () => {
    const source = php(
      "require 'lib.php';",
      'include_once "inc/a.php";',
      "require_once __DIR__ . '/b.php';",
      "require(dirname(__DIR__) . '/c.php');",
      "include dirname(__FILE__, 3) . '/d.php';",
      "require $path;",
      'include "$dir/e.php";',
    );
    expect(extract(source).imports.map((i) => [i.module, i.names, i.kind])).toEqual([
      ["lib.php", [{ name: "*", alias: null }], "require"],
      ["inc/a.php", [{ name: "*", alias: null }], "require"],
      ["./b.php", [{ name: "*", alias: null }], "require"],
      ["../c.php", [{ name: "*", alias: null }], "require"],
      ["../../d.php", [{ name: "*", alias: null }], "require"],
    ]);
  });
});

describe("php robustness", () => {
  it("reports recovered syntax errors without throwing", () => {
    const result = extract(php("class A {", "  public function f( {", "}"));
    expect(result.has_errors).toBe(true);
    expect(result.symbols.map((s) => s.name)).toContain("A");
  });

  it("extracts nothing from text outside PHP tags, binary noise or an empty file", () => {
    expect(extract("<html><body>hello</body></html>\n").symbols).toEqual([]);
    const noise = Array.from({ length: 4096 }, (_, i) => String.fromCharCode((i * 7919) % 256)).join("");
    expect(() => extract(`<?php ${noise}`)).not.toThrow();
    expect(() => extract("")).not.toThrow();
  });

  it("extracts a long generated file in one pass", () => {
    const body = Array.from({ length: 3000 }, (_, i) => `  public function m${i}() { return $this->m${i + 1}(); }`).join("\n");
    const result = extract(php("class Big {", body, "}"));
    expect(result.symbols).toHaveLength(3001);
    expect(result.calls).toHaveLength(3000);
  });
});
