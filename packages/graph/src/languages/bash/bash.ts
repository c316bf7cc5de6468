import type { ImportEntry } from "../../extraction-types";
import type { CallDraft, LanguageRules, RuleContext, SymbolDraft } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { oneLine } from "../../signature";

/**
 * Bash (tree-sitter-bash, also used for zsh). Functions in both forms (`f() {}`, `function f
 * {}`) and aliases (`alias ll='ls -l' la='ls -a'`, one symbol per `name=value` argument, also
 * inside `if` blocks and functions) are top-level symbols: shell functions and aliases are
 * global however they are nested, so they never get a parent. Bash has no visibility.
 * Every command whose name is a plain word is a call of kind "command" (external programs
 * too; resolution links the ones that name a function), and so is the handler a `trap`
 * installs; `source f` and `. f` are imports instead, and `[`/`[[` tests are not commands.
 */

// `{`/`}` only show up as command names where tree-sitter recovered from a syntax error.
const NOT_CALLS = new Set(["source", ".", "[", "[[", "{", "}"]);

/**
 * Commands are the most frequent node with a rule, so each native node access counts: the
 * rules hang on `command_name` (one node fewer to read than `command`), and the three of them
 * (alias, call, source) get the same node object, so its text is read once. Only the rare
 * alias, source and trap commands go up to the command for its arguments.
 */
const commandNames = new WeakMap<SyntaxNode, string | null>();

function commandName(node: SyntaxNode): string | null {
  let name = commandNames.get(node);
  if (name === undefined) {
    const word = node.firstChild;
    name = word?.type === "word" ? word.text : null;
    commandNames.set(node, name);
  }
  return name;
}

function commandArguments(commandNameNode: SyntaxNode): SyntaxNode[] {
  return commandNameNode.parent?.childrenForFieldName("argument") ?? [];
}

function functionDefinition(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const name = node.childForFieldName("name");
  if (!name) return null;
  const body = node.childForFieldName("body");
  return {
    name: name.text,
    kind: "function",
    signature: oneLine(context.source.slice(node.startIndex, body ? body.startIndex : node.endIndex)),
    visibility: null,
    parent: null,
    callable: true,
    container: false,
  };
}

/** `alias ll='ls -l' grep="grep --color"`: one alias per `name=value` argument (`alias -p`, `alias ll` only print). */
function aliasDefinitions(node: SyntaxNode): SymbolDraft[] | null {
  if (commandName(node) !== "alias") return null;
  const drafts: SymbolDraft[] = [];
  for (const argument of commandArguments(node)) {
    if (argument.type !== "word" && argument.type !== "concatenation") continue;
    const text = argument.text;
    const equals = text.indexOf("=");
    const name = equals > 0 ? text.slice(0, equals) : "";
    if (!name || name.startsWith("-")) continue;
    drafts.push({
      name,
      kind: "alias",
      signature: oneLine(`alias ${text}`),
      visibility: null,
      parent: null,
      spanNode: argument,
      callable: false,
      container: false,
    });
  }
  return drafts;
}

/** A trap action that names one command (`trap cleanup EXIT`, `trap 'on_exit' INT`). */
const TRAP_ACTION = /^[A-Za-z_][\w.:-]*$/u;

function command(node: SyntaxNode): CallDraft | CallDraft[] | null {
  const name = commandName(node);
  if (!name || NOT_CALLS.has(name)) return null;
  const call: CallDraft = { callee: name, receiver: null, kind: "command" };
  if (name !== "trap") return call;
  // The handler runs later as a command; recording it keeps trap handlers from looking unused.
  const action = commandArguments(node)[0];
  const handler = action ? unquote(action).trim() : "";
  if (!action || !TRAP_ACTION.test(handler)) return call;
  return [call, { callee: handler, receiver: null, kind: "command", row: action.startPosition.row }];
}

/** The path as written, without the quotes around it. */
function unquote(node: SyntaxNode): string {
  const text = node.text;
  if ((node.type === "string" && text.startsWith('"')) || (node.type === "raw_string" && text.startsWith("'"))) {
    return text.slice(1, text.endsWith(text[0]!) && text.length > 1 ? -1 : undefined);
  }
  return text;
}

/** `source ./lib.sh`, `. "$HOME/.env"`. */
function sourceCommand(node: SyntaxNode): ImportEntry[] | null {
  const name = commandName(node);
  if (name !== "source" && name !== ".") return null;
  const path = commandArguments(node)[0];
  if (!path) return null;
  return [{ module: unquote(path), names: [], line: node.startPosition.row + 1, kind: "source" }];
}

/** `*)` is the default arm; read from the source instead of materializing the patterns. */
function isDefaultCase(source: string, node: SyntaxNode): boolean {
  return /^\*\s*\)/u.test(source.slice(node.startIndex, node.startIndex + 8));
}

export const BASH_RULES: LanguageRules = {
  skip: new Set(["comment", "raw_string", "ansi_c_string", "regex", "heredoc_start", "heredoc_end", "extglob_pattern"]),
  definitions: {
    function_definition: functionDefinition,
    command_name: aliasDefinitions,
  },
  calls: {
    command_name: command,
  },
  imports: {
    command_name: sourceCommand,
  },
  // `&&` and `||` join commands in lists (`a && b || c`) and tests in `[[ a && b ]]` and `(( ))`:
  // counting the tokens needs no node.
  branches: new Set(["if_statement", "elif_clause", "for_statement", "c_style_for_statement", "while_statement", "ternary_expression", "&&", "||"]),
  conditionalBranches: {
    case_item: (node, context) => (isDefaultCase(context.source, node) ? 0 : 1),
  },
  nesting: new Set(["if_statement", "case_statement", "for_statement", "c_style_for_statement", "while_statement"]),
};
