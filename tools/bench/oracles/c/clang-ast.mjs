/**
 * Reading clang's JSON AST of one translation unit as a stream, for the C and C++ oracles
 * (c-oracle.mjs, c-dead-code.mjs). clang's JSON can be far larger than the heap for C++ units
 * (half a gigabyte with the standard library), so each top-level declaration is parsed only
 * when it lies in a corpus file; the others are only scanned for the file and line changes
 * the dump encodes as differences from the node before.
 */
import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { createInterface } from "node:readline";

/** Applies the file and line changes printed in a location object (or anything holding one). */
export function track(value, state) {
  if (value === null || typeof value !== "object") return;
  if (Array.isArray(value)) {
    for (const item of value) track(item, state);
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key === "includedFrom" || key === "inner") continue;
    if (key === "file") state.file = resolvedPath(item);
    else if (key === "line") state.line = item;
    else if (item && typeof item === "object") track(item, state);
  }
}

/** clang names a header as it found it (`dir/../x.h`); the corpus's paths are resolved ones. */
const resolvedPaths = new Map();
export function resolvedPath(path) {
  let found = resolvedPaths.get(path);
  if (found === undefined) resolvedPaths.set(path, (found = path.startsWith("/") ? resolve(path) : path));
  return found;
}

const FILE_LINE = /^\s*"file": "((?:[^"\\]|\\.)*)",?$/u;
const LINE_LINE = /^\s*"line": (\d+),?$/u;

/**
 * Runs `clang -fsyntax-only -Xclang -ast-dump=json` with `clangArgs` on `file` and calls
 * `onChunk(declaration, state)` for each top-level declaration that lies in a file `inCorpus`
 * holds, in print order; `state` ({ file, line }) is the running location, which the caller
 * keeps right by `track`ing every location of the declaration it walks. Resolves to clang's
 * exit status. A declaration lies in the file its location names first (where a macro's text
 * is spelled, for one a macro makes); with `{ anyLocation: true }`, in any file one of its
 * locations names (a macro's expansion too: `module_init(f)` in a corpus file makes a
 * variable spelled in the kernel's headers that takes `f`'s address).
 */
export async function readCorpusDeclarations(clangArgs, file, inCorpus, onChunk, { anyLocation = false } = {}) {
  const child = spawn("clang", [...clangArgs, "-fsyntax-only", "-Wno-everything", "-Xclang", "-ast-dump=json", file], { stdio: ["ignore", "pipe", "ignore"] });
  const lines = createInterface({ input: child.stdout, crlfDelay: Infinity });
  const state = { file: "", line: 0 };
  let chunk = null;
  let keep = false;
  let afterIncludedFrom = false;
  let chunkAfterIncludedFrom = false;
  for await (const line of lines) {
    if (chunk === null) {
      if (line === "    {") {
        chunk = [line];
        keep = null;
        chunkAfterIncludedFrom = false;
      }
      continue;
    }
    chunk.push(line);
    if (anyLocation && !keep) {
      const fileMatch = FILE_LINE.exec(line);
      if (fileMatch && !chunkAfterIncludedFrom && inCorpus.has(resolvedPath(JSON.parse(`"${fileMatch[1]}"`)))) keep = true;
      chunkAfterIncludedFrom = line.endsWith('"includedFrom": {');
    } else if (keep === null) {
      // The chunk's own location comes first: its first file (else the running one) decides.
      const fileMatch = FILE_LINE.exec(line);
      if (fileMatch) keep = inCorpus.has(resolvedPath(JSON.parse(`"${fileMatch[1]}"`)));
      else if (line.startsWith('      "range"') || line.startsWith('      "inner"')) keep = inCorpus.has(state.file);
    }
    if (line === "    }" || line === "    },") {
      if (keep === null) keep = inCorpus.has(state.file);
      if (keep) {
        const text = chunk.join("\n").replace(/,$/u, "");
        onChunk(JSON.parse(text), state);
      } else {
        for (const item of chunk) {
          const fileMatch = FILE_LINE.exec(item);
          if (fileMatch && !afterIncludedFrom) state.file = resolvedPath(JSON.parse(`"${fileMatch[1]}"`));
          else {
            const lineMatch = LINE_LINE.exec(item);
            if (lineMatch) state.line = Number(lineMatch[1]);
          }
          afterIncludedFrom = item.endsWith('"includedFrom": {');
        }
      }
      chunk = null;
    }
  }
  return new Promise((done) => child.on("close", done));
}
