// fuzz: fast-check inputs for what users hand tsift as files — `.tsift/config.toml`
// (parseConfig) and graph rows / Convex snapshot JSON (parseGraphRows, then a real
// import into a SQLite graph.db, as `graph-db import` does). The only acceptable
// failure is a TsiftError whose code is not an internal one; anything else is a crash.
// A sample of the generated files also goes through the CLI (`index`, `graph-db import`,
// `convex-sync --snapshot`) to prove the same holds end to end.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { cleanExit, describeRun, fail, removeTempDir, runCli, suiteResult, tempDir } from "./lib.mjs";

const INTERNAL = new Set(["internal", "io_error", "backend_error", "timeout"]);
const SECTIONS = ["defaults", "overrides", "overrides.app", "index", "autoindex", "summarize", "findings", "unknown"];
const KEYS = [
  "federation",
  "tier",
  "isolated",
  "instructions",
  "max_file_bytes",
  "exclude",
  "focus",
  "cpu_affinity",
  "model",
  "batch",
  "max_file_tokens",
  "api_key_env",
  "passive_harvest",
  "x",
];

/** TOML values of every type, including the edges of each (huge ints, inf/nan, dates, nesting). */
const tomlValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { maxDepth: 3 },
    fc.string().map((s) => JSON.stringify(s)),
    fc.constantFrom("0", "-1", "9223372036854775807", "99999999999999999999", "1e400", "inf", "-inf", "nan", "0x7fff", "0b101", "1_000"),
    fc.integer().map(String),
    fc.double().map((d) => (Number.isFinite(d) ? String(d) : "nan")),
    fc.boolean().map(String),
    fc.constantFrom('"shared"', '"private"', '"isolated"', '"**/gen/**"', "1979-05-27T07:32:00Z", "07:32:00", "'''multi\nline'''"),
    fc.array(tie("value"), { maxLength: 4 }).map((items) => `[${items.join(", ")}]`),
    fc.dictionary(fc.constantFrom(...KEYS), tie("value"), { maxKeys: 3 }).map(
      (table) =>
        `{ ${Object.entries(table)
          .map(([k, v]) => `${k} = ${v}`)
          .join(", ")} }`,
    ),
  ),
})).value;

const structuredToml = fc
  .array(fc.tuple(fc.constantFrom(...SECTIONS), fc.array(fc.tuple(fc.constantFrom(...KEYS), tomlValue), { maxLength: 5 })), { maxLength: 5 })
  .map((sections) => sections.map(([name, pairs]) => `[${name}]\n${pairs.map(([k, v]) => `${k} = ${v}`).join("\n")}\n`).join("\n"));

/** Valid-looking text with random edits: what a half-saved or hand-mangled file looks like. */
const mutatedToml = fc
  .tuple(structuredToml, fc.array(fc.tuple(fc.nat(), fc.nat({ max: 8 }), fc.string({ maxLength: 6, unit: "binary" })), { maxLength: 4 }))
  .map(([text, edits]) =>
    edits.reduce((acc, [at, cut, insert]) => acc.slice(0, at % (acc.length + 1)) + insert + acc.slice((at % (acc.length + 1)) + cut), text),
  );

const configText = fc.oneof(structuredToml, mutatedToml, fc.string({ unit: "binary", maxLength: 300 }), fc.string({ unit: "grapheme", maxLength: 200 }));

const props = fc.oneof(
  fc.constant(undefined),
  fc.jsonValue({ maxDepth: 2 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 }),
);
const ids = fc.oneof(fc.constantFrom("file:a.ts", "symbol:a", "module:x", ""), fc.string({ maxLength: 12 }), fc.integer(), fc.constant(null));
const rowsNode = fc.record(
  {
    id: ids,
    kind: fc.oneof(fc.constantFrom("file", "symbol", "module"), fc.string({ maxLength: 6 }), fc.integer()),
    label: fc.oneof(fc.string(), fc.integer()),
    properties: props,
    provenance: props,
    freshness: props,
  },
  { requiredKeys: [] },
);
const rowsEdge = fc.record(
  {
    id: fc.oneof(fc.constant(undefined), fc.string()),
    from_id: ids,
    to_id: ids,
    kind: fc.oneof(fc.constantFrom("calls", "defines"), fc.string({ maxLength: 6 })),
    properties: props,
    provenance: props,
    freshness: props,
  },
  { requiredKeys: [] },
);
const rowsDocument = fc.record(
  {
    format: fc.oneof(fc.constant("tsift-graph-rows/v1"), fc.string({ maxLength: 12 })),
    projection: fc.oneof(
      fc.constant(undefined),
      fc.record(
        { scope: fc.oneof(fc.string(), fc.integer()), projection_version: fc.string(), source_watermark: fc.oneof(fc.string(), fc.constant(null)) },
        { requiredKeys: [] },
      ),
    ),
    nodes: fc.oneof(fc.array(rowsNode, { maxLength: 6 }), fc.jsonValue({ maxDepth: 1 })),
    edges: fc.oneof(fc.array(rowsEdge, { maxLength: 6 }), fc.jsonValue({ maxDepth: 1 })),
  },
  { requiredKeys: ["format"] },
);
const convexNode = fc.record(
  {
    externalId: ids,
    kind: fc.oneof(fc.constantFrom("file", "symbol"), fc.string({ maxLength: 5 })),
    label: fc.oneof(fc.string(), fc.integer()),
    properties: props,
    provenance: props,
    freshness: props,
  },
  { requiredKeys: ["externalId"] },
);
const convexEdge = fc.record(
  {
    edgeKey: fc.oneof(fc.string(), fc.integer()),
    fromExternalId: ids,
    toExternalId: ids,
    kind: fc.oneof(fc.constant("calls"), fc.string({ maxLength: 5 })),
    properties: props,
    provenance: props,
  },
  { requiredKeys: [] },
);
const convexDocument = fc.record(
  {
    projection: fc.oneof(
      fc.constant(undefined),
      fc.record(
        { scope: fc.string(), projectionVersion: fc.string(), sourceWatermark: fc.string(), observedAtUnix: fc.oneof(fc.integer(), fc.string()) },
        { requiredKeys: [] },
      ),
    ),
    indexes: fc.oneof(
      fc.array(fc.oneof(fc.constantFrom("nodes.by_external_id", "nodes.by_kind", "edges.by_edge_key"), fc.jsonValue({ maxDepth: 1 })), { maxLength: 6 }),
      fc.jsonValue({ maxDepth: 1 }),
    ),
    nodes: fc.array(convexNode, { minLength: 1, maxLength: 6 }),
    edges: fc.oneof(fc.array(convexEdge, { maxLength: 6 }), fc.jsonValue({ maxDepth: 1 })),
  },
  { requiredKeys: ["nodes"] },
);
// Mostly well-formed rows over a small id pool, so edges meet their nodes and the import
// into SQLite runs, with odd labels, properties and provenance.
// Property values are strings in the rows format; keys include prototype names on purpose.
const stringProps = fc.dictionary(fc.oneof(fc.string(), fc.constantFrom("__proto__", "constructor", "toString")), fc.string({ unit: "binary" }), {
  maxKeys: 4,
});
const idPool = fc.constantFrom("file:a.ts", "symbol:a.ts#f", "module:x", "n\u0000ul", "😀", "x".repeat(300), "'; DROP TABLE graph_nodes; --");
const wellFormedRows = fc.record({
  format: fc.constant("tsift-graph-rows/v1"),
  projection: fc.record(
    { scope: fc.constantFrom("root", "", "s/../x"), projection_version: fc.string(), source_watermark: fc.oneof(fc.string(), fc.constant(null)) },
    { requiredKeys: [] },
  ),
  nodes: fc.uniqueArray(
    fc.record(
      { id: idPool, kind: fc.constantFrom("file", "symbol", "module", "route"), label: fc.string({ unit: "binary" }), properties: stringProps },
      { requiredKeys: ["id", "kind"] },
    ),
    { selector: (node) => node.id, maxLength: 6 },
  ),
  edges: fc.array(
    fc.record(
      { from_id: idPool, to_id: idPool, kind: fc.constantFrom("calls", "defines", "imports"), properties: fc.oneof(stringProps, props) },
      { requiredKeys: ["from_id", "to_id", "kind"] },
    ),
    { maxLength: 8 },
  ),
});
const jsonDocument = fc.oneof(
  { arbitrary: wellFormedRows, weight: 3 },
  { arbitrary: rowsDocument, weight: 2 },
  { arbitrary: convexDocument, weight: 2 },
  { arbitrary: fc.jsonValue({ maxDepth: 4 }), weight: 1 },
);

export async function fuzz({ configs, rows, cliSamples, seed, log }) {
  const result = suiteResult("fuzz");
  const { parseConfig } = await import("@tsift/index");
  const { parseGraphRows, importGraphDbRows, isTsiftError } = await import("@tsift/core");
  const { openSqliteGraphStore } = await import("@tsift/sqlite");
  const figures = { configs: 0, configs_accepted: 0, json: 0, json_accepted: 0, imported: 0, cli_runs: 0 };
  const verdict = (error) =>
    isTsiftError(error) ? (INTERNAL.has(error.code) ? `TsiftError ${error.code}` : null) : `${error?.constructor?.name ?? typeof error}`;

  const configSamples = fc.sample(configText, { numRuns: configs, seed });
  for (const text of configSamples) {
    result.trials++;
    figures.configs++;
    try {
      parseConfig(text, "fuzz.toml");
      figures.configs_accepted++;
    } catch (error) {
      const crash = verdict(error);
      if (crash)
        fail(
          result,
          "config",
          `parseConfig threw ${crash}: ${error?.message}`,
          `parseConfig(${JSON.stringify(text).slice(0, 300)})`,
          `config:${crash}:${String(error?.message).slice(0, 60)}`,
        );
    }
  }
  log(`fuzz: ${figures.configs} configs`);

  const scratch = tempDir("fuzz");
  const store = await openSqliteGraphStore(join(scratch, "graph.db"));
  const jsonSamples = fc.sample(jsonDocument, { numRuns: rows, seed: seed + 1 });
  try {
    for (const raw of jsonSamples) {
      result.trials++;
      figures.json++;
      // Round-trip through JSON text, as the file would be read.
      const text = JSON.stringify(raw) ?? "null";
      let parsed;
      try {
        parsed = parseGraphRows(JSON.parse(text), "fuzz.json");
        figures.json_accepted++;
      } catch (error) {
        const crash = verdict(error);
        if (crash)
          fail(
            result,
            "rows",
            `parseGraphRows threw ${crash}: ${error?.message}`,
            `parseGraphRows(${text.slice(0, 300)})`,
            `rows:${crash}:${String(error?.message).slice(0, 60)}`,
          );
        continue;
      }
      try {
        await importGraphDbRows(store, parsed, { location: "fuzz.db" });
        figures.imported++;
      } catch (error) {
        const crash = verdict(error);
        if (crash)
          fail(
            result,
            "import",
            `importGraphDbRows threw ${crash}: ${error?.message}`,
            `graph-db import of ${text.slice(0, 300)}`,
            `import:${crash}:${String(error?.message).slice(0, 60)}`,
          );
      }
    }
  } finally {
    await store.close?.();
  }
  log(`fuzz: ${figures.json} JSON documents`);

  // End to end: the same generators through the built CLI.
  const project = join(scratch, "project");
  mkdirSync(join(project, ".tsift"), { recursive: true });
  writeFileSync(join(project, "a.ts"), "export function a() { return b(); }\nfunction b() { return 1; }\n");
  const cliConfigs = fc.sample(configText, { numRuns: cliSamples, seed: seed + 2 });
  const cliJson = fc.sample(fc.oneof(wellFormedRows, rowsDocument, convexDocument), { numRuns: cliSamples, seed: seed + 3 });
  try {
    for (let i = 0; i < cliSamples; i++) {
      writeFileSync(join(project, ".tsift", "config.toml"), cliConfigs[i]);
      const file = join(scratch, `rows-${i}.json`);
      writeFileSync(file, JSON.stringify(cliJson[i]) ?? "null");
      const runs = [["index", "--quiet"], i % 2 === 0 ? ["graph-db", "import", file] : ["convex-sync", "--snapshot", file]];
      for (const args of runs) {
        result.trials++;
        figures.cli_runs++;
        const run = await runCli(args, { cwd: project });
        if (!cleanExit(run))
          fail(result, `cli ${args[0]}`, describeRun(run), `input: ${(args[0] === "index" ? cliConfigs[i] : JSON.stringify(cliJson[i])).slice(0, 300)}`);
      }
    }
  } finally {
    removeTempDir(scratch);
  }
  result.figures = figures;
  return result;
}
