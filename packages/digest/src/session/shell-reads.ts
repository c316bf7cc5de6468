import type { FileRead } from "./session-types";

const QUOTE = /^['"]|['"]$/g;
const unquote = (word: string) => word.replace(QUOTE, "");

/** Words of one simple shell command (no pipes), quotes stripped; good enough to spot a file read. */
function words(command: string): string[] {
  return (command.match(/'[^']*'|"[^"]*"|\S+/g) ?? []).map(unquote);
}

/**
 * The file reads in a shell command line: `sed -n 'A,Bp' F`, `cat F`, `bat F`,
 * `head [-n N] F`, `tail [-n N] F`, each segment of a `&&`/`;`/`|` chain on its own. A
 * segment reading stdin (a pipe's right side) names no file and yields nothing.
 */
export function shellFileReads(command: string): FileRead[] {
  const reads: FileRead[] = [];
  for (const segment of command.split(/&&|\|\||;|\|/)) {
    const argv = words(segment.trim());
    const tool = argv[0]?.split("/").pop();
    if (!tool) continue;
    if (tool === "sed") {
      const script = argv.find((word, i) => i > 0 && /^\d+(?:,\d+)?p$/.test(word));
      const file = argv
        .slice(1)
        .filter((word) => !word.startsWith("-") && word !== script)
        .pop();
      if (!script || !file) continue;
      const [from, to] = script.slice(0, -1).split(",").map(Number) as [number, number | undefined];
      const end = to ?? from;
      reads.push({ path: file, range: `${from}-${end}`, lines: Math.max(1, end - from + 1) });
    } else if (tool === "cat" || tool === "bat" || tool === "batcat") {
      for (const file of argv.slice(1).filter((word) => !word.startsWith("-") && !word.startsWith(">") && !word.includes(">")))
        reads.push({ path: file, range: "all" });
    } else if (tool === "head" || tool === "tail") {
      let count = 10;
      const files: string[] = [];
      for (let i = 1; i < argv.length; i++) {
        const word = argv[i] as string;
        if (word === "-n" || word === "-c") count = Number(argv[++i]) || count;
        else if (/^-n?\d+$/.test(word)) count = Number(word.replace(/^-n?/, ""));
        else if (/^-n\d+$/.test(word)) count = Number(word.slice(2));
        else if (!word.startsWith("-")) files.push(word);
      }
      for (const file of files) reads.push({ path: file, range: `${tool}:${count}`, lines: count });
    }
  }
  return reads.filter((read) => /[A-Za-z0-9]/.test(read.path) && !read.path.startsWith("/dev/"));
}

/** The range of a native `Read` tool call (`offset`/`limit` in lines). */
export function nativeRead(path: string, offset: unknown, limit: unknown): FileRead {
  const from = typeof offset === "number" && offset > 0 ? offset : 1;
  if (typeof limit === "number" && limit > 0) return { path, range: `${from}-${from + limit - 1}`, lines: limit };
  return from > 1 ? { path, range: `${from}-` } : { path, range: "all" };
}
