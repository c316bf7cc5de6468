import { describe, expect, it } from "vitest";
import { extractFile } from "../../extract-file";

const php = (...lines: string[]) => ["<?php", ...lines, ""].join("\n");
/** `receiver.callee -> receiver_type` for every call with a receiver. */
const receiverTypes = (source: string) =>
  extractFile("php", source)
    .calls.filter((c) => c.receiver !== null)
    .map((c) => `${c.receiver}->${c.callee}: ${c.receiver_type ?? "-"}`);

describe("php declared types", () => {
  it("types receivers from parameters, `new`, factories and members", () => {
    const source = php(
      "class Service {",
      "  private Repo $repo;",
      "  public function __construct(private Clock $clock) {}",
      "  public function run(User $user, ?Mailer $mailer, int $n) {",
      "    $user->save(); $mailer->send(); $this->repo->find(); $this->clock->now();",
      "    $a = new Account(); $a->open();",
      "    $b = make(); $b->go();",
      "    $c = Factory::create(); $c->go();",
      "    $d = $this->repo->find(); $d->go();",
      "    $e = self::build(); $e->go();",
      "    (new Thing)->go();",
      "  }",
      "}",
    );
    expect(receiverTypes(source)).toEqual([
      "$user->save: User",
      "$mailer->send: Mailer",
      "$this->repo->find: this#repo",
      "$this->clock->now: this#clock",
      "$a->open: Account",
      "$b->go: make()",
      "Factory->create: Factory",
      "$c->go: Factory.create()",
      "$this->repo->find: this#repo",
      "$d->go: this#repo#find()",
      "self->build: -",
      "$e->go: this#build()",
      "(new Thing)->go: Thing",
    ]);
    expect(extractFile("php", source).member_types).toEqual([
      { owner: "Service", name: "repo", type: "Repo" },
      { owner: "Service", name: "clock", type: "Clock" },
    ]);
  });

  it("binds a variable from the end of its assignment, and shadows it with untyped values", () => {
    const source = php("function f(Node $n) {", "  $n = $n->next();", "  $n->visit();", "  $n = 3;", "  $n->gone();", "}");
    expect(receiverTypes(source)).toEqual(["$n->next: Node", "$n->visit: Node#next()", "$n->gone: -"]);
  });

  it("keeps closures to their `use` list and lets arrow functions see around them", () => {
    const source = php(
      "function f(Repo $r, Log $log) {",
      "  $g = function () use ($log) { $r->lost(); $log->kept(); };",
      "  $h = fn() => $r->seen();",
      "  foreach ($r->all() as $r) { $r->item(); }",
      "}",
    );
    expect(receiverTypes(source)).toEqual(["$r->lost: -", "$log->kept: Log", "$r->seen: Repo", "$r->all: Repo", "$r->item: -"]);
  });

  it("records declared return types, `self` and `static` as the receiver's own type", () => {
    const source = php(
      "class A {",
      "  public static function make(): static {}",
      "  public function copy(): self {}",
      "  public function repo(): ?\\App\\Repo {}",
      "  public function count(): int {}",
      "}",
    );
    const returns = extractFile("php", source).symbols.map((s) => [s.name, s.return_type ?? null]);
    expect(returns).toEqual([
      ["A", null],
      ["make", "this"],
      ["copy", "this"],
      // A qualified type may name another namespace's `Repo` than the one the file sees.
      ["repo", null],
      ["count", null],
    ]);
  });

  it("records `$this->x = new X()` as the member's type when nothing declared it", () => {
    const source = php(
      "class A {",
      "  private Declared $d;",
      "  public function __construct() { $this->d = new Other(); $this->x = new X(); $this->y = 1; }",
      "}",
    );
    expect(extractFile("php", source).member_types).toEqual([
      { owner: "A", name: "d", type: "Declared" },
      { owner: "A", name: "d", type: "Other" },
      { owner: "A", name: "x", type: "X" },
    ]);
  });

  it("types a caught exception and script-level variables", () => {
    const source = php("$app = new App();", "$app->run();", "try {} catch (Failure $e) { $e->report(); }");
    expect(receiverTypes(source)).toEqual(["$app->run: App", "$e->report: Failure"]);
  });

  it("reads PHPDoc types where the code declares none", () => {
    const source = php(
      "class Legacy {",
      "  /** @var Repo|null */",
      "  private $repo;",
      "  /** @var User[] */",
      "  private $users;",
      "  /**",
      "   * @param Mailer $mailer the mailer",
      "   * @param int $n",
      "   * @return Collection<int, User>",
      "   */",
      "  public function run($mailer, $n, Clock $clock) { $mailer->send(); $clock->now(); }",
      "  /** @return $this */",
      "  public function self() {}",
      "}",
    );
    const result = extractFile("php", source);
    expect(result.member_types).toEqual([{ owner: "Legacy", name: "repo", type: "Repo" }]);
    expect(receiverTypes(source)).toEqual(["$mailer->send: Mailer", "$clock->now: Clock"]);
    expect(result.symbols.filter((s) => s.return_type).map((s) => [s.name, s.return_type])).toEqual([
      ["run", "Collection"],
      ["self", "this"],
    ]);
  });
});
