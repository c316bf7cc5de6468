import type { AffectedTest, ImpactReport } from "@tsift/search";
import { DEFAULT_PATH_KEYS } from "../output/display-paths";
import { defineOutput } from "../output/output-spec";

const more = (shown: number, total: number, indent: string) => (total > shown ? [`${indent}(+${total - shown} more)`] : []);

function testLines(test: AffectedTest): string[] {
  const lines = [`  ${test.file}  [${test.runner}, ${test.via}${test.hops > 0 ? `, ${test.hops} hop${test.hops === 1 ? "" : "s"}` : ""}]`];
  if (test.names.length > 0) {
    for (const name of test.names) lines.push(`    test: ${name}`);
    lines.push(...more(test.names.length, test.names_total, "    "));
  } else lines.push("    test: (whole file)");
  for (const reason of test.reasons) lines.push(`    why: ${reason.path.join(" → ")}`);
  lines.push(...more(test.reasons.length, test.reasons_total, "    "));
  lines.push(`    run: ${test.command}`);
  return lines;
}

/** `tsift impact`: changed files and symbols, then each affected test file with its tests, reasons and command. */
export const impactOutput = defineOutput<ImpactReport>({
  tool: "impact",
  text: (data) => {
    const lines = [
      `impact of ${data.target}: ${data.changed_files_total} changed file${data.changed_files_total === 1 ? "" : "s"}, ${data.changed_symbols_total} changed symbol${data.changed_symbols_total === 1 ? "" : "s"}`,
    ];
    for (const symbol of data.changed_symbols) lines.push(`  ${symbol.change} ${symbol.kind} ${symbol.name}  ${symbol.file}:${symbol.line}`);
    lines.push(...more(data.changed_symbols.length, data.changed_symbols_total, "  "));
    if (data.tests_total === 0) {
      lines.push(data.changed_files_total === 0 ? "no changes" : "no affected tests found");
    } else {
      lines.push(`affected tests (${data.tests_total} file${data.tests_total === 1 ? "" : "s"}):`);
      for (const test of data.tests) lines.push(...testLines(test));
      lines.push(...more(data.tests.length, data.tests_total, "  "));
    }
    for (const group of data.co_changed ?? [])
      lines.push(`changed with ${group.path} (${group.commits} commits): ${group.files.map((file) => `${file.path} ×${file.count}`).join(", ")}`);
    lines.push(data.advisory);
    return lines.join("\n");
  },
  compact: (data) => {
    const lines = [`impact ${data.target} files:${data.changed_files_total} syms:${data.changed_symbols_total} tests:${data.tests_total}`];
    for (const test of data.tests) lines.push(`${test.file} ${test.via}${test.names.length > 0 ? ` [${test.names.join("; ")}]` : ""}  $ ${test.command}`);
    lines.push(...more(data.tests.length, data.tests_total, ""));
    return lines.join("\n");
  },
  tables: [
    {
      columns: ["file", "runner", "via", "hops", "tests", "command"],
      rows: (data) => data.tests.map((test) => [test.file, test.runner, test.via, test.hops, test.names.join("; "), test.command]),
      more: (data) => data.tests_total - data.tests.length,
    },
  ],
  envelope: {
    view: "report",
    summary: (data) =>
      `${data.tests_total} test file${data.tests_total === 1 ? "" : "s"} affected by ${data.changed_symbols_total} changed symbol${data.changed_symbols_total === 1 ? "" : "s"} in ${data.changed_files_total} file${data.changed_files_total === 1 ? "" : "s"} (${data.target})`,
    metrics: (data) => [
      { label: "changed_files", value: data.changed_files_total },
      { label: "changed_symbols", value: data.changed_symbols_total },
      { label: "test_files", value: data.tests_total },
      { label: "depth", value: data.depth },
    ],
    followUp: (data) => data.commands,
  },
  pathKeys: [...DEFAULT_PATH_KEYS, "old_path"],
});
