/**
 * Generated TypeScript for the huge-file benchmark: `code` (functions, classes, interfaces,
 * arrow functions and calls, as in many small modules concatenated) or `literal` (one
 * exported object literal of nested records). Deterministic for a given shape and size.
 *
 *   node tools/bench/index/huge-source.mjs <code|literal> <MiB> > huge.ts
 */
import { fileURLToPath } from "node:url";

/** Deterministic pseudo-random numbers, so every run indexes the same text. */
function rng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function codeUnit(i, next) {
  const n = Math.floor(next() * 1000);
  return `
/** Reads record ${i} and folds it into the running state. */
export interface Record${i} {
  readonly id: number;
  readonly name: string;
  readonly tags: ReadonlyArray<string>;
}

export function parseRecord${i}(input: string, index: number): Record${i} {
  const parts = input.split(",");
  if (parts.length < 3) {
    throw new Error(\`record ${i}: expected 3 fields, got \${parts.length}\`);
  }
  const id = Number.parseInt(parts[0] ?? "0", 10) + index;
  return { id, name: normalizeName${i % 97}(parts[1] ?? ""), tags: parts.slice(2).map((tag) => tag.trim()) };
}

export class Store${i} {
  private readonly items = new Map<number, Record${i}>();
  constructor(private readonly limit: number = ${n}) {}

  add(record: Record${i}): boolean {
    if (this.items.size >= this.limit) return false;
    this.items.set(record.id, record);
    this.emit("add", record.id);
    return true;
  }

  find(id: number): Record${i} | undefined {
    for (const [key, value] of this.items) {
      if (key === id && value.tags.length > 0) return value;
    }
    return this.items.get(id);
  }

  private emit(event: string, id: number): void {
    log${i % 13}(event, id, this.items.size);
  }
}

export const summarize${i} = (store: Store${i}, ids: number[]): string =>
  ids
    .map((id) => store.find(id))
    .filter((record): record is Record${i} => record !== undefined)
    .map((record) => \`\${record.id}:\${record.name}\`)
    .join(";");
`;
}

function literalEntry(i, next) {
  const n = Math.floor(next() * 100000);
  return `  entry${i}: { id: ${i}, code: "C${n}", weight: ${(next() * 100).toFixed(3)}, tags: ["t${n % 17}", "u${n % 29}"], nested: { on: ${n % 2 === 0}, label: "row ${i}" } },\n`;
}

export function generateHugeSource(shape, bytes) {
  const next = rng(bytes ^ shape.length);
  const parts = [];
  let length = 0;
  if (shape === "literal") {
    parts.push("export const TABLE = {\n");
    for (let i = 0; length < bytes - 8; i++) {
      const entry = literalEntry(i, next);
      parts.push(entry);
      length += entry.length;
    }
    parts.push("};\n");
  } else {
    for (let i = 0; length < bytes; i++) {
      const unit = codeUnit(i, next);
      parts.push(unit);
      length += unit.length;
    }
  }
  return parts.join("");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(generateHugeSource(process.argv[2] ?? "code", Math.round(Number(process.argv[3] ?? "1") * 1024 * 1024) - 1));
}
