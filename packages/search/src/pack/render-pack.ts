import type { PackFile, PackFormat, PackLeftOut, PackProfile, PackSymbol, SkippedEntry, TokenMapRow } from "./pack-types";

/** Everything a rendered pack shows. */
export interface PackDocument {
  name: string;
  profile: PackProfile;
  budget: number;
  tokenizer: string;
  centre: { target: string; files: string[] } | null;
  files: PackFile[];
  leftOut: PackLeftOut;
  skipped: SkippedEntry[];
  skippedTotal: number;
  /** Present with `--token-map`. */
  tokenMap?: TokenMapRow[];
}

/**
 * One format's pieces. A pack is `open + files + tokenMap + close`, each file being
 * `fileOpen + symbols + fileClose`, so the budget can be filled piece by piece and the
 * whole counted once at the end.
 */
export interface PackRenderer {
  open(doc: PackDocument): string;
  fileOpen(file: PackFile, first: boolean): string;
  symbol(symbol: PackSymbol, first: boolean): string;
  fileClose(file: PackFile): string;
  tokenMap(rows: readonly TokenMapRow[]): string;
  close(doc: PackDocument): string;
}

/** Changed centre files and skipped entries shown in the text; the data lists them all (up to its caps). */
const SHOWN_CENTRE_FILES = 10;
const SHOWN_SKIPPED = 5;

export function renderPack(doc: PackDocument, format: PackFormat): string {
  const renderer = RENDERERS[format];
  let text = renderer.open(doc);
  doc.files.forEach((file, i) => (text += renderFile(renderer, file, i === 0)));
  if (doc.tokenMap) text += renderer.tokenMap(doc.tokenMap);
  return text + renderer.close(doc);
}

export function renderFile(renderer: PackRenderer, file: PackFile, first: boolean): string {
  let text = renderer.fileOpen(file, first);
  file.symbols.forEach((symbol, i) => (text += renderer.symbol(symbol, i === 0)));
  return text + renderer.fileClose(file);
}

/** The lines a symbol prints as in md and xml: `line: signature`, `*` marking a changed one. */
export function symbolLines(symbol: PackSymbol): string[] {
  const indent = "  ".repeat(symbol.depth);
  const lines = [`${symbol.line}${symbol.changed ? "*" : ""}: ${indent}${symbol.signature}`];
  symbol.body?.forEach((text, i) => lines.push(`${symbol.line + i + 1}: ${text}`));
  if (symbol.calls?.length) lines.push(`${" ".repeat(String(symbol.line).length + 2)}${indent}  -> calls ${symbol.calls.join(", ")}`);
  if (symbol.called_by?.length) lines.push(`${" ".repeat(String(symbol.line).length + 2)}${indent}  <- called by ${symbol.called_by.join(", ")}`);
  return lines;
}

function centreLine(doc: PackDocument): string {
  if (!doc.centre) return "";
  const shown = doc.centre.files.slice(0, SHOWN_CENTRE_FILES).join(", ");
  const more = doc.centre.files.length > SHOWN_CENTRE_FILES ? ` (+${doc.centre.files.length - SHOWN_CENTRE_FILES} more)` : "";
  return `${doc.centre.files.length} changed file${doc.centre.files.length === 1 ? "" : "s"} (${doc.centre.target})${doc.centre.files.length > 0 ? `: ${shown}${more}` : ""}`;
}

function leftOutLine(doc: PackDocument): string {
  const { files, symbols, top_files } = doc.leftOut;
  if (files === 0 && symbols === 0) return "nothing: every ranked symbol fits";
  return `${files} files and ${symbols} symbols over the budget${top_files.length ? `; best ranked left out: ${top_files.join(", ")}` : ""}`;
}

function skippedLine(doc: PackDocument): string {
  if (doc.skippedTotal === 0) return "nothing";
  const shown = doc.skipped.slice(0, SHOWN_SKIPPED).map((entry) => `${entry.path} (${entry.reason}: ${entry.detail})`);
  const more = doc.skippedTotal > shown.length ? `, +${doc.skippedTotal - shown.length} more` : "";
  return `${doc.skippedTotal}: ${shown.join(", ")}${more}`;
}

function fence(file: PackFile): string {
  return file.symbols.some((symbol) => symbolLines(symbol).some((line) => line.includes("```"))) ? "~~~~" : "```";
}

const markdown: PackRenderer = {
  open: (doc) =>
    `# Repo map: ${doc.name}\n\n` +
    `tsift pack, profile ${doc.profile}, budget ${doc.budget} tokens (${doc.tokenizer}). Files by PageRank; each line is \`line: signature\`` +
    `${doc.centre ? "; * marks a changed symbol" : ""}.${doc.centre ? `\nCentre: ${centreLine(doc)}.` : ""}\n`,
  fileOpen: (file) => `\n## ${file.path}\n${fence(file)}${file.language}\n`,
  symbol: (symbol) => symbolLines(symbol).join("\n") + "\n",
  fileClose: (file) => `${fence(file)}\n`,
  tokenMap: (rows) =>
    `\n## Token map\n\n| file | pack tokens | file tokens | symbols |\n|---|---:|---:|---:|\n` +
    rows.map((row) => `| ${row.path} | ${row.pack_tokens} | ${row.raw_tokens} | ${row.symbols} |\n`).join(""),
  close: (doc) => `\n---\nLeft out: ${leftOutLine(doc)}.\nSkipped: ${skippedLine(doc)}.\n`,
};

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const xml: PackRenderer = {
  open: (doc) =>
    `<repo_map name="${escapeXml(doc.name)}" profile="${doc.profile}" budget="${doc.budget}" tokenizer="${doc.tokenizer}">\n` +
    `<about>Files by PageRank; each line is "line: signature"${doc.centre ? "; * marks a changed symbol" : ""}.</about>\n` +
    (doc.centre ? `<centre>${escapeXml(centreLine(doc))}</centre>\n` : ""),
  fileOpen: (file) => `<file path="${escapeXml(file.path)}">\n`,
  symbol: (symbol) => escapeXml(symbolLines(symbol).join("\n")) + "\n",
  fileClose: () => "</file>\n",
  tokenMap: (rows) =>
    "<token_map>\n" +
    rows
      .map((row) => `<row path="${escapeXml(row.path)}" pack_tokens="${row.pack_tokens}" file_tokens="${row.raw_tokens}" symbols="${row.symbols}"/>\n`)
      .join("") +
    "</token_map>\n",
  close: (doc) => `<left_out>${escapeXml(leftOutLine(doc))}</left_out>\n<skipped>${escapeXml(skippedLine(doc))}</skipped>\n</repo_map>\n`,
};

const j = (value: unknown) => JSON.stringify(value);

/** JSON, one file or symbol object a line, so the pieces concatenate into one valid document. */
const json: PackRenderer = {
  open: (doc) =>
    `{"repo_map":${j(doc.name)},"profile":${j(doc.profile)},"budget":${doc.budget},"tokenizer":${j(doc.tokenizer)},` +
    `"centre":${doc.centre ? j({ target: doc.centre.target, files: doc.centre.files }) : "null"},\n"files":[`,
  fileOpen: (file, first) => `${first ? "" : ","}\n{"path":${j(file.path)},"language":${j(file.language)},"symbols":[`,
  symbol: (symbol, first) => {
    const { handle: _handle, score: _score, depth: _depth, ...shown } = symbol;
    return `${first ? "" : ","}\n${j(shown)}`;
  },
  fileClose: () => "]}",
  tokenMap: (rows) => `],\n"token_map":[${rows.map((row) => `\n${j(row)}`).join(",")}`,
  close: (doc) => `],\n"left_out":${j(doc.leftOut)},\n"skipped":${j(doc.skipped.slice(0, SHOWN_SKIPPED))},"skipped_total":${doc.skippedTotal}}\n`,
};

export const RENDERERS: Record<PackFormat, PackRenderer> = { md: markdown, xml, json };
