import { defineOutput } from "../output/output-spec";

/** What `tsift map --out F` reports once the page is written. */
export interface MapWritten {
  html: string;
  title: string;
  nodes: number;
  edges: number;
  communities: number;
  notes: string[];
}

/** `--format html` without `--out`: the page itself is the output, in every mode. */
export const htmlOutput = defineOutput<string>({ tool: "map", text: (html) => html });

export const writtenOutput = defineOutput<MapWritten>({
  tool: "map",
  text: (data) =>
    [
      `html: ${data.html}`,
      `${data.title}: ${data.nodes} nodes, ${data.edges} edges, ${data.communities} communities`,
      ...data.notes.map((note) => `note: ${note}`),
    ].join("\n"),
});
