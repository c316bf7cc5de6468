#!/usr/bin/env node
/**
 * Writes the registries that list one file per entry, so adding a command or a language is
 * adding its file: nothing to register by hand.
 *
 *   node tools/generate-registries.mjs graph [--src DIR]   # @tsift/graph: src/languages/*-language.ts
 *   node tools/generate-registries.mjs cli [--src DIR]     # @tsift/cli: src/commands/*.ts
 *
 * The outputs (`*.generated.ts`) are not committed: each package's build and typecheck
 * scripts and its vitest globalSetup run this first. `--src` points at another copy of
 * the package's `src/` (the recipe tests use a temp copy). Files are rewritten only when
 * their text changes, so a parallel run or a watcher sees no churn.
 *
 * The definitions are read by evaluating them (bundled by esbuild, dynamic imports left
 * out, so a command's use case never loads): the registry order comes from a number in
 * each definition — `order` for a language (LANGS order, an output contract: a new
 * language takes the next number) and `helpOrder` for a command (its place in `--help`).
 */
import { build } from "esbuild";
import { readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");

export class RegistryError extends Error {}

/**
 * Bundles `contents` (an ES module's source, resolved from the repository root with the
 * packages' source conditions) and evaluates it, leaving every `await import()` out, so
 * definitions load without the use cases their `run` imports. Errors name file and line.
 */
export async function evaluateWithoutLazyImports(contents) {
  let result;
  try {
    result = await build({
      stdin: { contents, resolveDir: REPO, loader: "js" },
      bundle: true,
      write: false,
      format: "esm",
      platform: "node",
      target: "node20",
      logLevel: "silent",
      conditions: ["@tsift/source"],
      nodePaths: [join(REPO, "node_modules")],
      plugins: [
        {
          name: "lazy-imports-stay-out",
          setup(bundle) {
            bundle.onResolve({ filter: /.*/ }, (args) => (args.kind === "dynamic-import" ? { path: args.path, external: true } : undefined));
          },
        },
      ],
    });
  } catch (error) {
    const messages = (error.errors ?? []).map(
      (entry) => `${entry.location ? `${relative(REPO, entry.location.file)}:${entry.location.line}: ` : ""}${entry.text}`,
    );
    throw new RegistryError(messages.length > 0 ? messages.join("\n") : String(error));
  }
  return import(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0].text).toString("base64")}`);
}

/** Evaluates each file and returns its module namespace, without running any `await import()`. */
async function loadModules(files) {
  const module = await evaluateWithoutLazyImports(files.map((file, i) => `export * as m${i} from ${JSON.stringify(file)};`).join("\n"));
  return files.map((_, i) => module[`m${i}`]);
}

/**
 * Each file's one definition (the export `isDefinition` accepts), labelled by its path in
 * the package (`src/commands/x.ts`) for messages.
 */
function definitionsOf(srcDir, files, namespaces, isDefinition, what) {
  return files.map((file, i) => {
    const label = relative(dirname(srcDir), file);
    const found = Object.entries(namespaces[i]).filter(([, value]) => isDefinition(value));
    if (found.length !== 1) throw new RegistryError(`${label}: exports ${found.length} ${what}s; it must export exactly one`);
    const [exportName, definition] = found[0];
    return { file, label, exportName, definition };
  });
}

/** Sorts by the numeric `key` of each definition, which must be a unique integer. */
function byOrderField(entries, key, hint) {
  const seen = new Map();
  for (const entry of entries) {
    const value = entry.definition[key];
    if (!Number.isInteger(value)) throw new RegistryError(`${entry.label}: add \`${key}: <integer>\` to the definition (${hint})`);
    if (seen.has(value)) throw new RegistryError(`${key} ${value} is given twice, in ${seen.get(value)} and ${entry.label} (${hint})`);
    seen.set(value, entry.label);
  }
  return [...entries].sort((a, b) => a.definition[key] - b.definition[key]);
}

function writeIfChanged(path, text) {
  let current;
  try {
    current = readFileSync(path, "utf8");
  } catch {
    current = undefined;
  }
  if (current === text) return false;
  // Rename over the old file, so a reader running in parallel never sees half a file.
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
  return true;
}

const isDefinitionFile = (file, suffix) => file.endsWith(suffix) && !file.endsWith(".test.ts") && !file.endsWith(".d.ts");

function tsFiles(dir, suffix) {
  return readdirSync(dir)
    .filter((file) => isDefinitionFile(file, suffix))
    .sort()
    .map((file) => join(dir, file));
}

/**
 * Definition files directly in `dir` and one folder down (`languages/go/go-language.ts`:
 * a language plug-in keeps its definition, rules and resolver in its own folder), by path.
 */
function tsFilesOneLevelDown(dir, suffix) {
  const files = tsFiles(dir, suffix);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) files.push(...tsFiles(join(dir, entry.name), suffix));
  }
  return files.sort();
}

/** The specifier a module in `outDir` imports `file` by: relative, with `/`, without `.ts`. */
function importPath(outDir, file) {
  const path = relative(outDir, file).split(sep).join("/").replace(/\.ts$/, "");
  return path.startsWith(".") ? path : `./${path}`;
}

const HEADER = (source, consumers) => [`// Generated by tools/generate-registries.mjs from ${source}: do not edit, not committed.`, `// ${consumers}`];

/** A module that imports each ordered definition from its file and lists them in one array. */
function definitionListModule(ordered, { header, typeImport, outDir, doc, declaration }) {
  return [
    ...header,
    typeImport,
    ...ordered.map(({ file, exportName }) => `import { ${exportName} } from "${importPath(outDir, file)}";`),
    "",
    doc,
    `${declaration} = [`,
    ...ordered.map(({ exportName }) => `  ${exportName},`),
    "];",
    "",
  ].join("\n");
}

// --- @tsift/cli: the command catalog -------------------------------------------------

const isCommand = (value) =>
  typeof value === "object" && value !== null && (value.kind === "command" || value.kind === "group") && typeof value.name === "string";

/** Writes `src/command-definitions.generated.ts`: every `src/commands/*.ts` definition, in `helpOrder`. */
export async function generateCommandCatalog(srcDir = join(REPO, "packages/cli/src")) {
  const files = tsFiles(join(srcDir, "commands"), ".ts");
  const namespaces = await loadModules(files);
  const entries = definitionsOf(srcDir, files, namespaces, isCommand, "command definition");
  const ordered = byOrderField(entries, "helpOrder", "its place in `tsift --help`: commands are listed by it");
  const text = definitionListModule(ordered, {
    header: HEADER("src/commands/*.ts", "The build, typecheck and vitest regenerate it; cli-catalog.ts is its reader."),
    typeImport: 'import type { AnyDefinition } from "./definition/define-command";',
    outDir: srcDir,
    doc: "/** Every command file's definition, by `helpOrder` (the `--help` order). Definitions only: each `run` imports its use case. */",
    declaration: "export const COMMAND_DEFINITIONS: readonly AnyDefinition[]",
  });
  return { written: writeIfChanged(join(srcDir, "command-definitions.generated.ts"), text), names: ordered.map(({ definition }) => definition.name) };
}

// --- @tsift/graph: the language list and the start-up facts ---------------------------

const isLanguage = (value) => typeof value === "object" && value !== null && typeof value.id === "string" && typeof value.extraction === "object";

/** A definition's plain-data facts in `LangInfo` field order, so reordering a definition's keys changes nothing. */
function facts(definition) {
  const { resolution, entryPoints } = definition;
  return {
    id: definition.id,
    displayName: definition.displayName,
    extensions: definition.extensions,
    aliases: definition.aliases,
    grammarPackage: definition.grammarPackage,
    grammarExport: definition.grammarExport,
    hasCalls: definition.hasCalls,
    commentPrefixes: definition.commentPrefixes,
    paragraphLines: definition.paragraphLines,
    qualifiedNameSeparator: definition.qualifiedNameSeparator,
    resolution: {
      family: resolution.family,
      modules: resolution.modules,
      selfReceivers: resolution.selfReceivers,
      implicitReceiver: resolution.implicitReceiver,
      importScope: resolution.importScope,
      detachedMembers: resolution.detachedMembers,
      detachedMembersInPackage: resolution.detachedMembersInPackage ?? false,
      typedThis: resolution.typedThis,
      heritage: resolution.heritage,
      baseModifiers: resolution.baseModifiers ?? [],
      definitionsRunInOrder: resolution.definitionsRunInOrder ?? false,
      companionKinds: resolution.companionKinds ?? [],
      namedReceivers: resolution.namedReceivers ?? false,
    },
    entryPoints: {
      files: entryPoints.files,
      reexportFiles: entryPoints.reexportFiles,
      libraryRoot: entryPoints.libraryRoot,
      libraryModules: entryPoints.libraryModules,
      exportList: entryPoints.exportList,
      reexportImport: entryPoints.reexportImport,
      // Only the languages that declare API by visibility carry the field, as in their definitions.
      ...(entryPoints.publicApi ? { publicApi: entryPoints.publicApi } : {}),
      ...(entryPoints.runtimeHooks ? { runtimeHooks: entryPoints.runtimeHooks } : {}),
    },
    rgTypes: definition.rgTypes ?? [],
    dottedModuleImports: definition.moduleSystem?.dottedModuleImports ?? false,
  };
}

/** A multi-line JSON array of strings (no nested array or object), to print on one line. */
const PRIMITIVE_ARRAY = /\[\n\s*([^[\]{}]*?)\n\s*\]/g;

/**
 * Writes `src/internal/language-list.generated.ts` (every `src/languages/*-language.ts`
 * definition, by `order`) and `src/internal/lang-facts.generated.ts` (their plain-data
 * facts, which the file walk and read commands load instead of the extraction rules).
 */
export async function generateLanguageRegistry(srcDir = join(REPO, "packages/graph/src")) {
  const files = tsFilesOneLevelDown(join(srcDir, "languages"), "-language.ts");
  const namespaces = await loadModules(files);
  const entries = definitionsOf(srcDir, files, namespaces, isLanguage, "language definition");
  const ordered = byOrderField(entries, "order", "the LANGS order is an output contract: a new language takes the next number after the last");
  const list = definitionListModule(ordered, {
    header: HEADER("src/languages/*-language.ts", "The build, typecheck and vitest regenerate it; language-registry.ts is its reader."),
    typeImport: 'import type { LanguageDefinition } from "../language-definition";',
    outDir: join(srcDir, "internal"),
    doc: "/** Every language definition file's definition, by `order` (the `LANGS` order). */",
    declaration: "export const LANGUAGE_LIST: readonly LanguageDefinition[]",
  });
  const json = JSON.stringify(
    ordered.map(({ definition }) => facts(definition)),
    null,
    2,
  ).replace(PRIMITIVE_ARRAY, (_, items) => `[${items.split(/,\n\s*/).join(", ")}]`);
  const factsText = [
    ...HEADER("src/languages/*-language.ts", "Plain data, so the file walk and read commands load no extraction rules and no grammar."),
    `export const LANG_FACTS = ${json} as const;`,
    "",
  ].join("\n");
  const listWritten = writeIfChanged(join(srcDir, "internal", "language-list.generated.ts"), list);
  const factsWritten = writeIfChanged(join(srcDir, "internal", "lang-facts.generated.ts"), factsText);
  return { written: listWritten || factsWritten, ids: ordered.map(({ definition }) => definition.id) };
}

// --- command line ----------------------------------------------------------------------

const GENERATORS = { cli: generateCommandCatalog, graph: generateLanguageRegistry };

async function main(argv) {
  const srcAt = argv.indexOf("--src");
  const srcDir = srcAt >= 0 ? resolve(argv[srcAt + 1] ?? "") : undefined;
  const names = argv.filter((arg, i) => !arg.startsWith("--") && argv[i - 1] !== "--src");
  const unknown = names.filter((name) => !(name in GENERATORS));
  if (names.length === 0 || unknown.length > 0 || (srcDir !== undefined && names.length !== 1)) {
    throw new RegistryError(`usage: node tools/generate-registries.mjs <${Object.keys(GENERATORS).join("|")}>... [--src DIR] (--src with one package)`);
  }
  for (const name of names) await GENERATORS[name](srcDir);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(`generate-registries: ${error instanceof RegistryError ? error.message : (error?.stack ?? error)}`);
    process.exitCode = 1;
  });
}
