import { langFromPath, parseSource, type SyntaxNode } from "@tsift/graph";
import type { ImpactSymbol } from "@tsift/index/graph-read";

/** One test inside a test file: what a runner's name filter selects. */
export interface TestCase {
  /** The name as written: `describe > it` titles, `Class::test_x`, `tests::adds`, `TestX`. */
  name: string;
  /** The titles from the outermost block in, or the name's parts (`Class`, `test_x`). */
  path: string[];
  line: number;
  end_line: number;
}

const JS_BLOCKS = new Set(["describe", "suite", "context", "it", "test", "specify"]);
const JS_LEAVES = new Set(["it", "test", "specify"]);

/**
 * The tests a file declares. JS/TS: `describe`/`it`/`test` calls (with `.only`, `.skip`,
 * `.each(...)`) and their string titles, parsed with tree-sitter, because their callbacks
 * are anonymous and the index sees only top-level calls. Python: `test_*` functions and
 * methods of `Test*` classes; Rust: functions whose signature carries `#[test]` (or a
 * `#[…::test]` attribute); both from the index's symbols. Go (not indexed): `func TestX(`
 * declarations read from the text.
 */
export function testCasesOf(path: string, text: string, symbols: readonly ImpactSymbol[]): TestCase[] {
  if (/\.[cm]?[jt]sx?$/.test(path)) return jsTestCases(path, text);
  if (path.endsWith(".py")) return pythonTestCases(symbols);
  if (path.endsWith(".rs")) return rustTestCases(symbols);
  if (path.endsWith(".go")) return goTestCases(text);
  return [];
}

function jsTestCases(path: string, text: string): TestCase[] {
  const lang = langFromPath(path);
  if (lang === null) return [];
  let root: SyntaxNode;
  try {
    root = parseSource(lang, text).rootNode;
  } catch {
    return [];
  }
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

function pythonTestCases(symbols: readonly ImpactSymbol[]): TestCase[] {
  const out: TestCase[] = [];
  for (const symbol of symbols) {
    if (!/^test/.test(symbol.name) || (symbol.kind !== "function" && symbol.kind !== "method")) continue;
    const parts = symbol.qualified_name.split(".");
    // pytest collects `test*` functions at module level and in `Test*` classes.
    if (parts.length > 1 && !/^Test/.test(parts[parts.length - 2]!)) continue;
    out.push({ name: parts.join("::"), path: parts, line: symbol.line, end_line: symbol.end_line });
  }
  return out;
}

function rustTestCases(symbols: readonly ImpactSymbol[]): TestCase[] {
  const out: TestCase[] = [];
  for (const symbol of symbols) {
    if (symbol.kind !== "function" || !/#\[(?:[\w:]+::)?test\b/.test(symbol.signature ?? "")) continue;
    const parts = symbol.qualified_name.split(".");
    out.push({ name: parts.join("::"), path: parts, line: symbol.line, end_line: symbol.end_line });
  }
  return out;
}

function goTestCases(text: string): TestCase[] {
  const lines = text.split("\n");
  const out: TestCase[] = [];
  for (let index = 0; index < lines.length; index++) {
    const match = /^func (Test\w*)\(\w+ \*testing\.T\)/.exec(lines[index]!);
    if (!match) continue;
    let end = index;
    while (end + 1 < lines.length && !/^}/.test(lines[end]!)) end++;
    out.push({ name: match[1]!, path: [match[1]!], line: index + 1, end_line: end + 1 });
  }
  return out;
}
