import type { LanguageCapabilities } from "@tsift/graph";
import { defineOutput } from "../output/output-spec";

export interface LanguagesData {
  languages: LanguageCapabilities[];
}

const FLAGS = ["symbols", "calls", "imports", "complexity", "doc_comments", "routes"] as const;

const extracted = (language: LanguageCapabilities) => FLAGS.filter((flag) => language[flag]).join(",") || "-";

export const languagesOutput = defineOutput<LanguagesData>({
  tool: "languages",
  text: (data) =>
    data.languages
      .map(
        (language) =>
          `${language.id} (${language.name}): .${language.extensions.join(" .")} | ${extracted(language)}${language.resolution.length > 0 ? ` | resolves: ${language.resolution.join(" ")}` : ""}`,
      )
      .join("\n"),
  compact: (data) => data.languages.map((language) => `${language.id} ${language.extensions.join(",")} ${extracted(language)}`).join("\n"),
  tables: [
    {
      columns: ["id", "name", "extensions", "aliases", ...FLAGS, "resolution"],
      rows: (data) =>
        data.languages.map((language) => [
          language.id,
          language.name,
          language.extensions.join(","),
          language.aliases.join(","),
          ...FLAGS.map((flag) => language[flag]),
          language.resolution.join(" "),
        ]),
    },
  ],
  envelope: {
    view: "list",
    summary: (data) => `${data.languages.length} languages`,
    metrics: (data) => [
      { label: "languages", value: data.languages.length },
      { label: "with calls", value: data.languages.filter((language) => language.calls).length },
    ],
  },
  pathKeys: [],
});
