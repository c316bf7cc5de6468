#!/usr/bin/env node
/**
 * Writes the command reference, docs/commands/, from the command definitions
 * (packages/cli/src/commands/*.ts) and the hand-written prose beside them:
 *
 *   node tools/generate-command-docs.mjs            # rewrite docs/commands/*.md (npm run docs:commands)
 *   node tools/generate-command-docs.mjs --check    # exit 1, naming each page that is out of date
 *   node tools/generate-command-docs.mjs --docs DIR # another copy of docs/commands/ (the tests use a temp copy)
 *   node tools/generate-command-docs.mjs --src DIR  # the definitions of another copy of packages/cli/src/
 *
 * One page per command, `<name>.md`, and one per group subcommand, `<group>/<name>.md`:
 * synopsis, summary, arguments, every option with its type, default and description,
 * examples, exit codes — all from the definition — plus the prose in
 * `details/<name>.md` (`details/<group>/<name>.md` for a subcommand). A details file's text
 * before its first `## ` heading follows the synopsis; its `## ` sections follow the
 * examples, except `## Exit codes`, which joins the generated exit-code section. The
 * index, `README.md`, lists every page and then `details/_overview.md` (output modes,
 * shared conventions, the exit-code table). Links in a details file are written relative to
 * its page (`details/x.md` becomes `x.md`), since that is where a reader follows them.
 *
 * The pages are committed; `test/command-docs.test.ts` fails when one differs from what
 * this script writes. Edit a definition or a details file, never a page.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { evaluateWithoutLazyImports, generateCommandCatalog, RegistryError } from "./generate-registries.mjs";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const CLI_SRC = join(REPO, "packages/cli/src");
const DEFAULT_DOCS = join(REPO, "docs/commands");
const DETAILS = "details";
const OVERVIEW = "_overview.md";

class DocsError extends Error {}

/** The catalog, the global switches and the exit codes, evaluated from source without running any `await import()`. */
async function loadCatalog(srcDir) {
  await generateCommandCatalog(srcDir);
  const entry = [
    `export { COMMAND_DEFINITIONS, GLOBAL_OPTIONS } from ${JSON.stringify(join(srcDir, "cli-catalog.ts"))};`,
    `export { EXIT_CODES } from ${JSON.stringify(join(srcDir, "exit-codes.ts"))};`,
  ].join("\n");
  try {
    return await evaluateWithoutLazyImports(entry);
  } catch (error) {
    throw error instanceof RegistryError ? new DocsError(error.message) : error;
  }
}

// --- Markdown helpers ------------------------------------------------------------------

/** Text for a table cell or a line of prose: `<` and `>` outside code spans would read as HTML tags. */
function escapeText(text) {
  return text
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replaceAll("<", "&lt;").replaceAll(">", "&gt;")))
    .join("");
}

const cell = (text) => escapeText(text).replaceAll("|", "\\|");
const code = (text) => (text.includes("`") ? `\`\` ${text} \`\`` : `\`${text}\``);

function positionalWord(positional) {
  const name = positional.variadic ? `${positional.name}...` : positional.name;
  return positional.required ? `<${name}>` : `[${name}]`;
}

function usage(definition, prefix) {
  const words = definition.kind === "group" ? ["<command>"] : definition.positionals.map(positionalWord);
  const hasOptions = definition.kind === "group" || definition.options.length > 0 || prefix.options.length > 0;
  return ["tsift", ...prefix.words, definition.name, ...words, ...(hasOptions ? ["[options]"] : [])].join(" ");
}

function optionSpelling(option) {
  const alias = option.alias === undefined ? "" : option.alias.length === 1 ? `-${option.alias}, ` : `--${option.alias}, `;
  const value = option.type === "boolean" ? "" : option.type === "number" ? " N" : " VALUE";
  return code(`${alias}--${option.name}${value}`);
}

function optionType(option) {
  if (option.choices) return `one of ${option.choices.map(code).join(", ")}`;
  if (option.type === "array") return "string, repeatable";
  if (option.type === "number" && option.min !== undefined) return `number ≥ ${option.min}`;
  return option.type;
}

function optionDefault(option) {
  if (option.type === "boolean") return option.default === true ? `on (\`--no-${option.name}\` turns it off)` : "off";
  if (option.default === undefined) return "–";
  return code(Array.isArray(option.default) ? option.default.join(",") : String(option.default));
}

function optionRows(options) {
  return [
    "| option | type | default | description |",
    "|---|---|---|---|",
    ...options.map(
      (option) =>
        `| ${optionSpelling(option)} | ${cell(optionType(option))} | ${cell(optionDefault(option))} | ${cell(option.description)}${
          option.writes ? " (writes into the project: never offered over MCP)" : ""
        } |`,
    ),
  ];
}

function argumentRows(positionals) {
  return [
    "| argument | required | description |",
    "|---|---|---|",
    ...positionals.map(
      (positional) =>
        `| ${code(positionalWord(positional))} | ${positional.required ? "yes" : "no"} | ${cell(positional.description)}${
          positional.variadic ? " (every remaining word, also after `--`)" : ""
        } |`,
    ),
  ];
}

function exampleBlock(examples) {
  if (examples.length === 0) return [];
  const width = Math.max(...examples.map((example) => example.command.length));
  return ["```sh", ...examples.map((example) => `${example.command.padEnd(width)}  # ${example.description}`), "```"];
}

// --- details files ----------------------------------------------------------------------

/** A details file as its lead text and its `## ` sections, `Exit codes` apart. */
function parseDetails(text) {
  const lines = text.replace(/\s+$/, "").split("\n");
  const lead = [];
  const sections = [];
  let exitCodes = [];
  let current = null;
  let fenced = false;
  for (const line of lines) {
    if (/^(```|~~~)/.test(line)) fenced = !fenced;
    if (!fenced && /^# /.test(line)) throw new DocsError(`a details file starts at "## " headings, the page has the "# " title: ${line}`);
    if (!fenced && /^## /.test(line)) {
      current = { heading: line, body: [] };
      if (line.trim() === "## Exit codes") exitCodes = current.body;
      else sections.push(current);
      continue;
    }
    (current ? current.body : lead).push(line);
  }
  const trim = (block) => block.join("\n").trim();
  return {
    lead: trim(lead),
    sections: sections.map((section) => `${section.heading}\n\n${trim(section.body)}`),
    exitCodes: trim(exitCodes),
  };
}

function readDetails(docsDir, page, used) {
  const path = join(docsDir, DETAILS, page);
  used.add(page);
  return existsSync(path) ? parseDetails(readFileSync(path, "utf8")) : { lead: "", sections: [], exitCodes: "" };
}

// --- pages --------------------------------------------------------------------------------

const HEADER = (sources) =>
  `<!-- Generated by tools/generate-command-docs.mjs from ${sources.join(" and ")}: edit those and run \`npm run docs:commands\`, not this page. -->`;

/** `checkFailed` -> `check failed`. */
const words = (key) => key.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);

function exitCodeSection(exitCodes, details, up) {
  const list = Object.entries(exitCodes)
    .sort(([, a], [, b]) => a - b)
    .map(([key, value]) => `\`${value}\` ${words(key)}`)
    .join(", ");
  return ["## Exit codes", "", `${list} ([what each means](${up}README.md#exit-codes)).`, ...(details.exitCodes ? ["", details.exitCodes] : [])];
}

function facts(definition, up) {
  const lines = [];
  if (definition.readOnly) {
    const writing = definition.options.filter((option) => option.writes).map((option) => `\`--${option.name}\``);
    const apart = writing.length > 0 ? ` apart from ${writing.join(", ")}` : "";
    lines.push(`Read-only${apart}: it writes nothing into the project, and [\`tsift mcp\`](${up}mcp.md) serves it to agents.`);
  }
  if (definition.readsIndex) lines.push("Reads the code index (`.tsift/index.db`), building or refreshing it first when needed.");
  return lines.length ? ["", lines.join(" ")] : [];
}

function globalOptionsLine(globalOptions, up) {
  return `Every command also takes the [output options](${up}README.md#output-options): ${globalOptions.map((option) => `\`--${option.name}\``).join(", ")}.`;
}

function page({ definition, group, file, detailsPage, details, catalog }) {
  const up = group ? "../" : "";
  const prefix = group ? { words: [group.name], options: group.options } : { words: [], options: [] };
  const title = ["tsift", ...prefix.words, definition.name].join(" ");
  const sources = [`packages/cli/src/commands/${file}`, ...(details.exists ? [`docs/commands/${DETAILS}/${detailsPage}`] : [])];
  const lines = [HEADER(sources), "", `# ${title}`, "", `${escapeText(definition.summary.charAt(0).toUpperCase() + definition.summary.slice(1))}.`];
  if (group) lines.push("", `A subcommand of [\`tsift ${group.name}\`](../${group.name}.md).`);
  lines.push("", "```sh", usage(definition, prefix), "```", ...facts(definition, up));
  if (details.lead) lines.push("", details.lead);
  if (definition.kind === "group") {
    lines.push("", "## Subcommands", "", "| subcommand | what it does |", "|---|---|");
    for (const sub of definition.subcommands) lines.push(`| [\`${definition.name} ${sub.name}\`](${definition.name}/${sub.name}.md) | ${cell(sub.summary)} |`);
  } else if (definition.positionals.length > 0) {
    lines.push("", "## Arguments", "", ...argumentRows(definition.positionals));
  }
  const options = definition.options;
  if (options.length > 0) {
    lines.push("", "## Options", "");
    if (definition.kind === "group") lines.push(`Every \`tsift ${definition.name}\` subcommand takes these.`, "");
    lines.push(...optionRows(options));
  }
  if (prefix.options.length > 0) {
    lines.push("", `## Options of every \`tsift ${group.name}\` subcommand`, "", ...optionRows(prefix.options));
  }
  lines.push("", globalOptionsLine(catalog.GLOBAL_OPTIONS, up));
  const examples = definition.kind === "group" ? [...definition.examples, ...definition.subcommands.flatMap((sub) => sub.examples)] : definition.examples;
  if (examples.length > 0) lines.push("", "## Examples", "", ...exampleBlock(examples));
  for (const section of details.sections) lines.push("", section);
  lines.push("", ...exitCodeSection(catalog.EXIT_CODES, details, up));
  return `${lines.join("\n")}\n`;
}

function indexPage(catalog, overview) {
  const lines = [
    HEADER(["packages/cli/src/commands/*.ts", `docs/commands/${DETAILS}/${OVERVIEW}`]),
    "",
    "# Command reference",
    "",
    "One page per command, made from the command's definition — the same one `tsift <command> --help`,",
    "the parser and `tsift completion` read — and the prose in [`details/`](details/). Commands are",
    "listed in `tsift --help` order.",
    "",
    "| command | what it does |",
    "|---|---|",
  ];
  for (const definition of catalog.COMMAND_DEFINITIONS) {
    lines.push(`| [\`tsift ${definition.name}\`](${definition.name}.md) | ${cell(definition.summary)} |`);
    if (definition.kind === "group") {
      for (const sub of definition.subcommands)
        lines.push(`| ↳ [\`${definition.name} ${sub.name}\`](${definition.name}/${sub.name}.md) | ${cell(sub.summary)} |`);
    }
  }
  if (overview.trim()) lines.push("", overview.trim());
  return `${lines.join("\n")}\n`;
}

/** The file each definition comes from, by its name (`graph-db` -> `graph-db.ts`). */
function sourceFile(definition) {
  return `${definition.name}.ts`;
}

/**
 * Every page, as a map from its path in docs/commands/ to its text. Throws when a details
 * file names no command, so prose cannot outlive the command it describes unnoticed.
 */
export async function renderCommandDocs(docsDir = DEFAULT_DOCS, srcDir = CLI_SRC) {
  const catalog = await loadCatalog(srcDir);
  const used = new Set([OVERVIEW]);
  const pages = new Map();
  for (const definition of catalog.COMMAND_DEFINITIONS) {
    const file = sourceFile(definition);
    const detailsPage = `${definition.name}.md`;
    const details = { ...readDetails(docsDir, detailsPage, used), exists: existsSync(join(docsDir, DETAILS, detailsPage)) };
    pages.set(`${definition.name}.md`, page({ definition, group: null, file, detailsPage, details, catalog }));
    if (definition.kind !== "group") continue;
    for (const sub of definition.subcommands) {
      const subPage = `${definition.name}/${sub.name}.md`;
      const subDetails = { ...readDetails(docsDir, subPage, used), exists: existsSync(join(docsDir, DETAILS, subPage)) };
      pages.set(subPage, page({ definition: sub, group: definition, file, detailsPage: subPage, details: subDetails, catalog }));
    }
  }
  const overviewPath = join(docsDir, DETAILS, OVERVIEW);
  pages.set("README.md", indexPage(catalog, existsSync(overviewPath) ? readFileSync(overviewPath, "utf8") : ""));
  const orphans = markdownFiles(join(docsDir, DETAILS)).filter((path) => !used.has(path));
  if (orphans.length > 0)
    throw new DocsError(`details files for no command: ${orphans.map((path) => `${DETAILS}/${path}`).join(", ")} (rename or delete them)`);
  return pages;
}

/** Markdown files under `dir`, as `/`-separated paths relative to it, sorted. */
function markdownFiles(dir, base = dir) {
  if (!existsSync(dir)) return [];
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...markdownFiles(path, base));
    else if (entry.name.endsWith(".md")) files.push(relative(base, path).split(sep).join("/"));
  }
  return files.sort();
}

/** Generated pages on disk: every Markdown file outside details/. */
function pagesOnDisk(docsDir) {
  return markdownFiles(docsDir).filter((path) => !path.startsWith(`${DETAILS}/`));
}

/** The pages that differ from the definitions: missing, changed, or left over from a removed command. */
export async function staleCommandDocs(docsDir = DEFAULT_DOCS, srcDir = CLI_SRC) {
  const pages = await renderCommandDocs(docsDir, srcDir);
  const stale = [];
  for (const [path, text] of pages) {
    const full = join(docsDir, path);
    if (!existsSync(full)) stale.push(`${path} (missing)`);
    else if (readFileSync(full, "utf8") !== text) stale.push(`${path} (changed)`);
  }
  for (const path of pagesOnDisk(docsDir)) if (!pages.has(path)) stale.push(`${path} (no such command)`);
  return stale;
}

/** Writes every page (only those whose text changes) and deletes pages of removed commands. */
export async function writeCommandDocs(docsDir = DEFAULT_DOCS, srcDir = CLI_SRC) {
  const pages = await renderCommandDocs(docsDir, srcDir);
  const written = [];
  for (const [path, text] of pages) {
    const full = join(docsDir, path);
    if (existsSync(full) && readFileSync(full, "utf8") === text) continue;
    mkdirSync(dirname(full), { recursive: true });
    const temporary = `${full}.${process.pid}.tmp`;
    writeFileSync(temporary, text);
    renameSync(temporary, full);
    written.push(path);
  }
  for (const path of pagesOnDisk(docsDir)) {
    if (pages.has(path)) continue;
    rmSync(join(docsDir, path));
    const parent = dirname(join(docsDir, path));
    if (parent !== docsDir && readdirSync(parent).length === 0 && statSync(parent).isDirectory()) rmSync(parent, { recursive: true });
    written.push(`${path} (deleted)`);
  }
  return written;
}

async function main(argv) {
  const valueOf = (flag, fallback) => (argv.includes(flag) ? resolve(argv[argv.indexOf(flag) + 1] ?? "") : fallback);
  const docsDir = valueOf("--docs", DEFAULT_DOCS);
  const srcDir = valueOf("--src", CLI_SRC);
  const unknown = argv.filter((arg, i) => arg !== "--check" && arg !== "--docs" && arg !== "--src" && argv[i - 1] !== "--docs" && argv[i - 1] !== "--src");
  if (unknown.length > 0) throw new DocsError("usage: node tools/generate-command-docs.mjs [--check] [--docs DIR] [--src DIR]");
  if (argv.includes("--check")) {
    const stale = await staleCommandDocs(docsDir, srcDir);
    if (stale.length > 0) {
      console.error(`docs/commands is out of date with the command definitions; run npm run docs:commands:\n  ${stale.join("\n  ")}`);
      process.exitCode = 1;
    }
    return;
  }
  const written = await writeCommandDocs(docsDir, srcDir);
  console.log(written.length > 0 ? `wrote ${written.length} page(s): ${written.join(", ")}` : "docs/commands is up to date");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(`generate-command-docs: ${error instanceof DocsError ? error.message : (error?.stack ?? error)}`);
    process.exitCode = 1;
  });
}
