import { shellArg } from "@tsift/core/light";
import type { SyntaxNode } from "../../parser-registry";
import type { TestCase, TestCaseInput, TestCommand, TestCommandInput, TestConventions, TestProject } from "../../language-hooks";
import { cdPrefix, escapeRegex, relativeTo } from "../../test-command-text";

const JS_BLOCKS = new Set(["describe", "suite", "context", "it", "test", "specify"]);
const JS_LEAVES = new Set(["it", "test", "specify"]);
type JsRunner = "vitest" | "jest" | "node" | "npm";

/**
 * JavaScript and TypeScript tests: `*.test.*` / `*.spec.*` files and files under
 * `__tests__/`; `describe`/`it`/`test` blocks; run by vitest, jest or `node --test` as the
 * file's imports, then the nearest package.json and the config files beside it, tell
 * (`npm`: a project whose runner could not be told, run through its `test` script).
 */
export const JS_TESTS: TestConventions = {
  files: ["\\.(test|spec)\\.[cm]?[jt]sx?$", "(^|/)__tests__/.*\\.[cm]?[jt]sx?$"],
  support: ["(^|/)(tests?|__tests__|spec|specs|testing)/"],
  runners: ["vitest", "jest", "node", "npm"],
  cases: jsTestCases,
  command: jsTestCommand,
};

/**
 * `describe`/`it`/`test` calls (with `.only`, `.skip`, `.each(...)`) and their string titles,
 * parsed with tree-sitter, because their callbacks are anonymous and the index sees only
 * top-level calls.
 */
function jsTestCases(input: TestCaseInput): TestCase[] {
  const root = input.parse();
  if (root === null) return [];
  const out: TestCase[] = [];
  const visit = (node: SyntaxNode, titles: string[]) => {
    if (node.type === "call_expression") {
      const block = testBlock(node);
      if (block) {
        const path = [...titles, block.title];
        if (JS_LEAVES.has(block.kind)) out.push({ name: path.join(" > "), path, line: node.startPosition.row + 1, end_line: node.endPosition.row + 1 });
        for (const child of node.namedChildren) visit(child, path);
        return;
      }
    }
    for (const child of node.namedChildren) visit(child, titles);
  };
  visit(root, []);
  return out;
}

/** `it("title", …)`, `test.only("title", …)`, `it.each(rows)("title %s", …)`: the block's kind and title. */
function testBlock(call: SyntaxNode): { kind: string; title: string } | null {
  let callee = call.childForFieldName("function");
  // `it.each(rows)("title", fn)`: the callee is itself a call of `it.each`.
  if (callee?.type === "call_expression") callee = callee.childForFieldName("function");
  while (callee?.type === "member_expression") callee = callee.childForFieldName("object");
  if (callee?.type !== "identifier" || !JS_BLOCKS.has(callee.text)) return null;
  const args = call.childForFieldName("arguments");
  const first = args?.namedChildren[0];
  if (!first || (first.type !== "string" && first.type !== "template_string")) return null;
  return { kind: callee.text, title: first.text.slice(1, -1) };
}

function jsTestCommand({ path, text, cases, project }: TestCommandInput): TestCommand {
  const pkg = project.nearest(["package.json"]);
  const rel = relativeTo(pkg, path);
  const prefix = cdPrefix(pkg, shellArg);
  const runner = jsRunner(project, pkg, text);
  const pattern = cases.length === 0 ? null : cases.map((test) => escapeRegex(test.path.join(" "))).join("|");
  if (runner === "vitest") return { runner, command: `${prefix}npx vitest run ${shellArg(rel)}${pattern ? ` -t ${shellArg(pattern)}` : ""}` };
  if (runner === "jest") return { runner, command: `${prefix}npx jest ${shellArg(rel)}${pattern ? ` -t ${shellArg(pattern)}` : ""}` };
  if (runner === "node") {
    const leaves = cases.length === 0 ? null : cases.map((test) => escapeRegex(test.path[test.path.length - 1]!)).join("|");
    return { runner, command: `${prefix}node --test${leaves ? ` --test-name-pattern=${shellArg(leaves)}` : ""} ${shellArg(rel)}` };
  }
  return { runner: "npm", command: `${prefix}npm test -- ${shellArg(rel)}` };
}

function jsRunner(project: TestProject, pkg: string, text: string): JsRunner {
  if (/from\s+["']vitest["']/.test(text)) return "vitest";
  if (/from\s+["']@jest\/globals["']/.test(text)) return "jest";
  if (/(?:from\s+|require\()\s*["']node:test["']/.test(text)) return "node";
  const key = `js-runner\0${pkg}`;
  const known = project.cache.get(key);
  if (typeof known === "string") return known as JsRunner;
  const detected = detectJsRunner(project, pkg);
  project.cache.set(key, detected);
  return detected;
}

function detectJsRunner(project: TestProject, dir: string): JsRunner {
  const at = (name: string) => (dir === "." ? name : `${dir}/${name}`);
  const manifest = project.readJson(at("package.json"));
  const deps = { ...record(manifest?.["dependencies"]), ...record(manifest?.["devDependencies"]) };
  const script = String(record(manifest?.["scripts"])["test"] ?? "");
  if (/\bvitest\b/.test(script)) return "vitest";
  if (/\bjest\b/.test(script)) return "jest";
  if (/\bnode\b.*--test\b/.test(script)) return "node";
  const configs = (base: string) => ["ts", "mts", "cts", "js", "mjs", "cjs"].some((ext) => project.exists(at(`${base}.${ext}`)));
  if (configs("vitest.config") || configs("vitest.workspace") || "vitest" in deps) return "vitest";
  if (configs("jest.config") || "jest" in deps || manifest?.["jest"] !== undefined) return "jest";
  return "npm";
}

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
}
