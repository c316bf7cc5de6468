/**
 * A small TypeScript project for `tsift map`: three directories whose files import and
 * call each other in a chain (index → app → lib and ui), plus a file at the root.
 */
export const MAP_TREE: Record<string, string> = {
  "index.ts": 'import { runCli } from "./src/app/cli";\n\nrunCli();\n',
  "src/app/cli.ts": 'import { main } from "./main";\n\nexport function runCli(): void {\n  console.log(main());\n}\n',
  "src/app/main.ts":
    'import { parseConfig } from "../lib/config";\nimport { render } from "../ui/render";\n\nexport function main(): string {\n  const config = parseConfig("tsift.toml");\n  return render(config);\n}\n',
  "src/lib/config.ts": 'import { readText } from "./io";\n\nexport function parseConfig(path: string): string {\n  return readText(path).trim();\n}\n',
  "src/lib/io.ts": "export function readText(path: string): string {\n  return path;\n}\n",
  "src/ui/render.ts": 'import { format } from "./format";\n\nexport function render(value: string): string {\n  return format(value);\n}\n',
  "src/ui/format.ts": "export function format(value: string): string {\n  return value.toUpperCase();\n}\n",
};

/** The model a page embeds in `<script type="application/json" id="tsift-graph-view">`. */
export function embeddedModel(html: string) {
  const match = /<script type="application\/json" id="tsift-graph-view">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error("no embedded graph view model");
  return JSON.parse(match[1]!) as {
    title: string;
    nodes: { id: string; label: string; kind: string; layer: string; community: number; properties: Record<string, unknown>; commands: string[] }[];
    edges: { from: string; to: string; kind: string; weight: number }[];
    notes: string[];
  };
}
