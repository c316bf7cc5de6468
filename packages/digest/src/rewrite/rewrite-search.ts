import { LANGS, langInfo } from "@tsift/graph/langs";
import type { RewriteDecision } from "./rewrite-command";

/** ripgrep flags that take a value (short and long), so the pattern and paths can be found. */
const RG_VALUE_FLAGS = new Set([
  "-e",
  "--regexp",
  "-f",
  "--file",
  "-g",
  "--glob",
  "--iglob",
  "-t",
  "--type",
  "-T",
  "--type-not",
  "-A",
  "--after-context",
  "-B",
  "--before-context",
  "-C",
  "--context",
  "-m",
  "--max-count",
  "-j",
  "--threads",
  "-M",
  "--max-columns",
  "-d",
  "--max-depth",
  "--sort",
  "--sortr",
  "--color",
  "--colors",
  "-E",
  "--encoding",
  "--type-add",
  "--pre",
  "--pre-glob",
  "-r",
  "--replace",
  "--max-filesize",
  "--engine",
  "--ignore-file",
  "--context-separator",
  "--path-separator",
]);

/** Flags that change only how matches are printed, not which: safe to drop for a ranked preview. */
const DISPLAY_FLAGS = new Set([
  "-n",
  "--line-number",
  "-N",
  "--no-line-number",
  "--no-heading",
  "--heading",
  "-H",
  "--with-filename",
  "-F",
  "--fixed-strings",
  "-I",
  "--no-filename",
  "--no-messages",
  "--recursive",
  "--column",
  "--trim",
  "-p",
  "--pretty",
  "--color=never",
  "--color=auto",
  "--color=always",
]);

/**
 * Case flags and the `tsift search --exact` flag each becomes (none for case-sensitive,
 * the default of both). rg's last case flag wins, as here; grep has no smart case and
 * spells `-s` "no messages".
 */
const RG_CASE_FLAGS: Record<string, string | null> = {
  "-i": "--ignore-case",
  "--ignore-case": "--ignore-case",
  "-S": "--smart-case",
  "--smart-case": "--smart-case",
  "-s": null,
  "--case-sensitive": null,
};
const GREP_CASE_FLAGS: Record<string, string | null> = {
  "-i": "--ignore-case",
  "-y": "--ignore-case",
  "--ignore-case": "--ignore-case",
  "--no-ignore-case": null,
};

/** Flags that make the command a file listing or a count: a different answer, not a search. */
const LISTING_FLAGS = new Set([
  "--files",
  "--type-list",
  "-l",
  "--files-with-matches",
  "-L",
  "--files-without-match",
  "-c",
  "--count",
  "--count-matches",
  "--json",
]);

/**
 * ripgrep `--type` names -> the tsift language they select, from each language's `rgTypes`
 * (start-up facts only: the rewrite runs before every shell command).
 */
const RG_TYPES: ReadonlyMap<string, string> = new Map(LANGS.flatMap((lang) => langInfo(lang).rgTypes.map((type) => [type, lang] as const)));

const REGEX_CHARS = /[\\^$.|?*+()[\]{}]/;

/**
 * `rg PATTERN [PATH]` and `grep -r PATTERN [PATH]` → an exact tsift search preview. Only
 * a literal pattern (or `-F`), at most one path, the case flags (carried over: `-i`,
 * `-S`, `-s`) and flags that change nothing but the printing are rewritten; anything else
 * (`--hidden` and `--no-ignore` too, which search other files) would answer a different question.
 */
export function rewriteSearch(tool: "rg" | "grep", args: readonly string[]): RewriteDecision {
  let fixed = false;
  let recursive = tool === "rg";
  let caseFlag: string | null = null;
  const caseFlags = tool === "rg" ? RG_CASE_FLAGS : GREP_CASE_FLAGS;
  const languages: string[] = [];
  const operands: string[] = [];
  for (let at = 0; at < args.length; at++) {
    const arg = args[at]!;
    if (arg === "--") {
      operands.push(...args.slice(at + 1));
      break;
    }
    if (!arg.startsWith("-") || arg === "-") {
      operands.push(arg);
      continue;
    }
    if (LISTING_FLAGS.has(arg)) return { rewritten: false, reason: `${tool} ${arg} lists files or counts; run it as it is` };
    if (tool === "rg" && (arg === "-t" || arg === "--type")) {
      const language = RG_TYPES.get(args[at + 1] ?? "");
      if (!language) return { rewritten: false, reason: `${tool} --type ${args[at + 1] ?? ""} has no tsift language filter` };
      languages.push(language);
      at++;
      continue;
    }
    if (arg === "-F" || arg === "--fixed-strings") fixed = true;
    // Bundled short flags (`-in`) are read one by one; one that takes a value refuses the rewrite below.
    const bundled = /^-[a-zA-Z]{2,}$/.test(arg) ? [...arg.slice(1)].map((letter) => `-${letter}`) : [arg];
    for (const flag of bundled) {
      const name = flag.startsWith("--") ? flag.split("=")[0]! : flag;
      if (tool === "grep" && (flag === "-r" || flag === "-R" || flag === "--recursive")) {
        recursive = true;
        continue;
      }
      if (flag === "-F") fixed = true;
      if (flag in caseFlags) {
        caseFlag = caseFlags[flag] ?? null;
        continue;
      }
      if (tool === "grep" && flag === "-s") continue;
      if (tool === "rg" && RG_VALUE_FLAGS.has(name) && name !== "--color")
        return { rewritten: false, reason: `${tool} ${name} filters or reshapes matches in a way tsift search does not` };
      if (DISPLAY_FLAGS.has(flag)) continue;
      return { rewritten: false, reason: `${tool} ${flag} has no tsift search equivalent` };
    }
  }
  if (!recursive) return { rewritten: false, reason: "grep without -r reads the files named, not the tree; run it as it is" };
  const [pattern, ...paths] = operands;
  if (pattern === undefined || pattern === "") return { rewritten: false, reason: `${tool} without a pattern` };
  if (!fixed && REGEX_CHARS.test(pattern))
    return { rewritten: false, reason: "the pattern is a regular expression; tsift search --exact matches literal text" };
  if (paths.length > 1) return { rewritten: false, reason: `${tool} over several paths; run it as it is` };
  const argv = [
    "--envelope",
    "search",
    pattern,
    ...(paths.length ? [paths[0]!] : []),
    "--exact",
    ...(caseFlag ? [caseFlag] : []),
    "--budget",
    "normal",
    ...languages.flatMap((language) => ["--lang", language]),
  ];
  return { rewritten: true, kind: "search", argv, reason: `broad ${tool} search → bounded exact search with handles` };
}
