import { parse } from "shell-quote";

/** A command line as plain words, or why it is not one tsift can route without a shell. */
export type ShellWords = { words: string[] } | { refused: string };

const OPERATOR_REASONS: Record<string, string> = {
  "|": "it pipes into another command",
  "|&": "it pipes into another command",
  ">": "it redirects output",
  ">>": "it redirects output",
  "<": "it redirects input",
  "<(": "it uses process substitution",
  ">&": "it redirects output",
  "&": "it runs in the background",
  "&&": "it chains several commands",
  "||": "it chains several commands",
  ";": "it chains several commands",
  ";;": "it chains several commands",
  "(": "it uses a subshell or command substitution",
  ")": "it uses a subshell or command substitution",
};

/**
 * Splits a command line the way a POSIX shell would, refusing anything a shell would do
 * beyond splitting words: operators, substitutions, unexpanded globs and variables. A
 * rewrite must mean exactly what the command meant, and only plain words guarantee that.
 */
export function shellWords(command: string): ShellWords {
  if (/[`\n]/.test(command) || command.includes("$(")) return { refused: "it uses command substitution or spans several lines" };
  const variables: string[] = [];
  const tokens = parse(command, (name: string) => {
    variables.push(name);
    return `$${name}`;
  });
  if (variables.length) return { refused: `it expands $${variables[0]}, which only the shell knows` };
  const words: string[] = [];
  for (const token of tokens) {
    if (typeof token === "string") {
      words.push(token);
      continue;
    }
    if ("comment" in token) break;
    if ("op" in token && token.op === "glob") return { refused: `the shell would expand the glob ${(token as { pattern: string }).pattern}` };
    if ("op" in token) return { refused: OPERATOR_REASONS[token.op] ?? `it uses the shell operator ${token.op}` };
  }
  if (words.length === 0) return { refused: "it is empty" };
  return { words };
}
