import { shellArg } from "@tsift/core/light";
import type { SyntaxNode } from "../../parser-registry";
import type { TestCase, TestCaseInput, TestConventions } from "../../language-hooks";
import { cdPrefix, escapeRegex, relativeTo } from "../../test-command-text";

/** RSpec's example groups and examples: `describe "x" do … end`, `it "y" do … end`. */
const GROUPS = new Set(["describe", "context", "feature", "shared_examples", "shared_context"]);
const EXAMPLES = new Set(["it", "specify", "example", "scenario", "its"]);

/** The literal first argument of an RSpec call: a string, a symbol, or a constant (`describe User`). */
function title(call: SyntaxNode, source: string): string | null {
  const first = call.childForFieldName("arguments")?.firstNamedChild;
  if (!first) return null;
  if (first.type === "string" && first.namedChildren.every((part) => part.type === "string_content"))
    return first.namedChildren.map((part) => part.text).join("");
  if (first.type === "constant" || first.type === "scope_resolution" || first.type === "simple_symbol") return source.slice(first.startIndex, first.endIndex);
  return null;
}

/** RSpec examples, with the titles of the groups around them, in file order. */
function rspecCases(root: SyntaxNode, source: string): TestCase[] {
  const out: TestCase[] = [];
  const visit = (node: SyntaxNode, path: string[]): void => {
    for (const child of node.namedChildren) {
      if (child.type !== "call") {
        visit(child, path);
        continue;
      }
      const method = child.childForFieldName("method");
      const receiver = child.childForFieldName("receiver");
      const name = method?.type === "identifier" ? method.text : null;
      // `RSpec.describe` and a bare `describe` open a group.
      const rspec = !receiver || receiver.text === "RSpec";
      const block = child.childForFieldName("block");
      if (name && rspec && GROUPS.has(name) && block) {
        const text = title(child, source);
        visit(block, text === null ? path : [...path, text]);
      } else if (name && !receiver && EXAMPLES.has(name)) {
        const text = title(child, source) ?? `example at line ${child.startPosition.row + 1}`;
        out.push({ name: [...path, text].join(" "), path: [...path, text], line: child.startPosition.row + 1, end_line: child.endPosition.row + 1 });
      } else visit(child, path);
    }
  };
  visit(root, []);
  return out;
}

/** Minitest (and Test::Unit) tests: the `test_…` methods of a class, as `Class#test_x`. */
function minitestCases({ symbols }: TestCaseInput): TestCase[] {
  const out: TestCase[] = [];
  for (const symbol of [...symbols].sort((a, b) => a.line - b.line)) {
    if (symbol.kind !== "method" || !symbol.name.startsWith("test_")) continue;
    const owner = symbol.qualified_name.slice(0, symbol.qualified_name.length - symbol.name.length - 1);
    if (owner === "") continue;
    out.push({ name: `${owner}#${symbol.name}`, path: [owner, symbol.name], line: symbol.line, end_line: symbol.end_line });
  }
  return out;
}

const isSpec = (path: string) => path.endsWith("_spec.rb");

/**
 * RSpec's and Minitest's conventions: specs are `*_spec.rb` (under `spec/`), tests
 * `*_test.rb` or `test_*.rb` (under `test/`); helpers and support files are test code. A
 * spec's examples are run by line (`rspec spec/x_spec.rb:12:30`), a test's by name
 * (`ruby -Itest test/x_test.rb -n "/^(test_a|test_b)$/"`), both from the directory holding
 * the Gemfile, through `bundle exec` when there is one.
 */
export const RUBY_TESTS: TestConventions = {
  files: ["_spec\\.rb$", "_test\\.rb$", "(^|/)test_(?!helper\\.rb$)[^/]*\\.rb$"],
  support: ["(^|/)(spec|test)/(support|helpers?|fixtures|factories)/", "(^|/)(spec_helper|rails_helper|test_helper)\\.rb$"],
  markers: ["^def test_"],
  runners: ["rspec", "minitest"],
  cases: (input) => {
    if (!isSpec(input.path)) return minitestCases(input);
    const root = input.parse();
    return root ? rspecCases(root, input.text) : [];
  },
  command: ({ path, cases, project }) => {
    const dir = project.nearest(["Gemfile", ".rspec", "Rakefile"]);
    const bundle = project.exists(dir === "." ? "Gemfile" : `${dir}/Gemfile`) ? "bundle exec " : "";
    const file = relativeTo(dir, path);
    if (isSpec(path)) {
      const lines = cases.map((test) => `:${test.line}`).join("");
      return { runner: "rspec", command: `${cdPrefix(dir, shellArg)}${bundle}rspec ${shellArg(`${file}${lines}`)}` };
    }
    const names = [...new Set(cases.map((test) => escapeRegex(test.path[test.path.length - 1]!)))];
    const filter = names.length === 0 ? "" : ` -n ${shellArg(`/^(${names.join("|")})$/`)}`;
    return { runner: "minitest", command: `${cdPrefix(dir, shellArg)}${bundle}ruby -Itest ${shellArg(file)}${filter}` };
  },
};
