// Resolves tasks.source.json into tasks.json: each task's anchor regex is found in its
// file under the package's source directory, and the expected range runs from the doc
// comment above that line through four lines below it (what a developer reads first).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [sourceDir] = process.argv.slice(2);
if (!sourceDir) throw new Error("usage: node resolve-tasks.mjs <package src dir>");
const here = new URL(".", import.meta.url);
const spec = JSON.parse(readFileSync(new URL("tasks.source.json", here), "utf8"));
const tasks = spec.tasks.map((task) => {
  const lines = readFileSync(join(sourceDir, task.file), "utf8").split("\n");
  const anchor = new RegExp(task.anchor);
  const index = lines.findIndex((line) => anchor.test(line.trimStart()) || anchor.test(line));
  if (index < 0) throw new Error(`${task.id}: /${task.anchor}/ not found in ${task.file}`);
  let start = index;
  while (start > 0 && /^\s*(\/\*\*|\*|\*\/|\/\/)/.test(lines[start - 1])) start--;
  return {
    id: task.id,
    kind: task.kind,
    query: task.query,
    file: `${spec.subdir}/${task.file}`,
    start: start + 1,
    end: Math.min(lines.length, index + 5),
    anchor_line: index + 1,
  };
});
writeFileSync(new URL("tasks.json", here), `${JSON.stringify({ package: spec.package, subdir: spec.subdir, tasks }, null, 2)}\n`);
console.log(`${tasks.length} tasks resolved`);
