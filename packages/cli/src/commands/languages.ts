import { defineCommand } from "../definition/define-command";

/** `tsift languages`: every language tsift reads, with its extensions and what is extracted from it. */
export const languages = defineCommand({
  name: "languages",
  readOnly: true,
  summary: "the languages tsift reads: extensions and capabilities (symbols, calls, imports, routes, complexity, resolution)",
  helpOrder: 135,
  positionals: [],
  options: {},
  examples: [
    { command: "tsift languages", description: "one line per language" },
    { command: "tsift languages --json", description: "the same list as data (what the library's languageCapabilities() returns)" },
  ],
  // The registry's capabilities (what the library's `languageCapabilities` returns); reads no project.
  async run(_args, io) {
    const { languageCapabilities } = await import("@tsift/graph");
    return { data: { languages: languageCapabilities() }, root: io.cwd };
  },
  output: async () => (await import("../languages/languages-output")).languagesOutput,
});
