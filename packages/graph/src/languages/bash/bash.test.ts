import { describe, expect, it } from "vitest";
import { extractFile } from "../../extract-file";

const extract = (source: string) => extractFile("bash", source);

describe("bash extraction", () => {
  // Conformance case shared by every implementation of the extractor, with 1-based lines.
  it("finds run_it in the conformance source and survives the truncated one", () => {
    expect(extract("run_it() {\n  echo hi\n}\n").symbols.map((s) => [s.name, s.kind, s.line, s.end_line])).toEqual([["run_it", "function", 1, 3]]);
    expect(() => extract("run_it( {\necho")).not.toThrow();
  });

  // Original lang.rs unit case.
  it("finds both function forms and aliases", () => {
    const source = "hello() {\n  echo hello\n}\nfunction world {\n  echo world\n}\nalias ll='ls -la'\nalias grep='grep --color=auto'\n";
    expect(extract(source).symbols.map((s) => [s.name, s.kind, s.signature, s.visibility, s.parent])).toEqual([
      ["hello", "function", "hello()", null, null],
      ["world", "function", "function world", null, null],
      ["ll", "alias", "alias ll='ls -la'", null, null],
      ["grep", "alias", "alias grep='grep --color=auto'", null, null],
    ]);
  });

  it("keeps nested functions and aliases global and skips alias queries", () => {
    const source = "setup() {\n  inner() { :; }\n  alias g=git\n}\nalias -p\nalias ll\n";
    expect(extract(source).symbols.map((s) => [s.qualified_name, s.kind])).toEqual([
      ["setup", "function"],
      ["inner", "function"],
      ["g", "alias"],
    ]);
  });

  it("records every plainly named command, but not tests, sourcing or computed names", () => {
    const source = [
      "deploy() {",
      "  FOO=1 make build | tee log.txt",
      '  [ -f x ] && [[ -d y ]] && rm -rf "$TMP"',
      '  "$EDITOR" file; $cmd arg',
      "  out=$(git rev-parse HEAD)",
      "  source ./lib.sh",
      "  helper",
      "}",
      "deploy",
      "",
    ].join("\n");
    expect(extract(source).calls.map((c) => [c.callee, c.caller, c.line, c.kind, c.receiver])).toEqual([
      ["make", "deploy", 2, "command", null],
      ["tee", "deploy", 2, "command", null],
      ["rm", "deploy", 3, "command", null],
      ["git", "deploy", 5, "command", null],
      ["helper", "deploy", 7, "command", null],
      ["deploy", null, 9, "command", null],
    ]);
  });

  it("records the handler a trap installs", () => {
    const source = "cleanup() { :; }\ntrap cleanup EXIT\ntrap 'on_int' INT\ntrap 'rm -f $x' TERM\ntrap - EXIT\n";
    expect(extract(source).calls.map((c) => [c.callee, c.line])).toEqual([
      [":", 1],
      ["trap", 2],
      ["cleanup", 2],
      ["trap", 3],
      ["on_int", 3],
      ["trap", 4],
      ["trap", 5],
    ]);
  });

  it("reports source and dot as imports with the path unquoted", () => {
    const source = "source ./lib/common.sh\n. \"$HOME/.env\"\nsource '/etc/profile'\n";
    expect(extract(source).imports).toEqual([
      { module: "./lib/common.sh", names: [], line: 1, kind: "source" },
      { module: "$HOME/.env", names: [], line: 2, kind: "source" },
      { module: "/etc/profile", names: [], line: 3, kind: "source" },
    ]);
  });

  it("counts if/elif, case items but the default, loops and && || in lists and tests", () => {
    const source = [
      "f() {",
      '  if [[ -n "$a" && -z "$b" ]]; then',
      "    for x in 1 2; do",
      "      while true; do break; done",
      "    done",
      '  elif [ "$a" = 1 ]; then',
      "    a || b && c",
      "  fi",
      '  case "$1" in',
      "    start|begin) go ;;",
      "    stop) halt ;;",
      "    *) usage ;;",
      "  esac",
      "  until ready; do sleep 1; done",
      "}",
      "",
    ].join("\n");
    // if, &&, for, while, elif, ||, &&, two case items, until.
    expect(extract(source).symbols[0]!.complexity).toEqual({ cyclomatic: 11, max_nesting: 3, lines: 15 });
  });
});
