import { describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { ensureVectors, missingVectors, resolveEncoder, searchProject, transientVectors, type Encoder } from "../src/index";
import { FIXTURE, indexedProject } from "./fixture";

const env = { PATH: "", TSIFT_EXACT_BACKEND: "scan" };
const BATCH = 8;

/** The fixture plus enough distinct functions for several batches of BATCH contents. */
const FILES: Record<string, string> = { ...FIXTURE };
for (let file = 0; file < 40; file++) {
  FILES[`src/jobs/job${file}.ts`] =
    `/** Schedules job ${file} after a timeout of ${file} ticks. */\nexport function scheduleJob${file}(ticks: number): number {\n  return ticks * ${file};\n}\n`;
}

/** A clock that moves one unit per reading: a budget of 1.5 units lets exactly two batches run. */
function steppingClock(): () => number {
  let time = 0;
  return () => time++;
}

function storedVectors(dbPath: string): { hash: string; vector: Buffer }[] {
  const db = new Database(dbPath, { readonly: true });
  try {
    return db.prepare("SELECT hash, vector FROM chunk_vectors ORDER BY encoder, hash").all() as { hash: string; vector: Buffer }[];
  } finally {
    db.close();
  }
}

function missing(dbPath: string, encoder: Encoder): number {
  const db = new Database(dbPath, { readonly: true });
  try {
    return missingVectors(db, encoder.id);
  } finally {
    db.close();
  }
}

describe("embedding within a search's budget", () => {
  const encoder = resolveEncoder(null).encoder;

  it("stores the batches it finished, answers with them, and the next search completes with the same vectors", async () => {
    const reference = await indexedProject(FILES);
    const db = reference.open(false);
    const all = ensureVectors(db, encoder);
    db.close();
    expect(all.remaining).toBe(0);
    expect(all.embedded).toBeGreaterThan(3 * BATCH);

    const project = await indexedProject(FILES);
    const query = "schedule a job after a timeout";
    const first = await searchProject({ query, cwd: project.root, env, embedding: { budgetMs: 1.5, now: steppingClock(), batch: BATCH } });
    expect(storedVectors(project.dbPath)).toHaveLength(2 * BATCH);
    expect(first.data.embedded).toMatchObject({ stored: 2 * BATCH, transient: 0, remaining: all.embedded - 2 * BATCH });
    expect(missing(project.dbPath, encoder)).toBe(all.embedded - 2 * BATCH);
    expect(first.data.results?.length).toBeGreaterThan(0);
    expect(first.notes.some((note) => note.startsWith(`note: prose ranking left out ${all.embedded - 2 * BATCH} chunk contents`))).toBe(true);

    const second = await searchProject({ query, cwd: project.root, env, embedding: { budgetMs: 1000, now: steppingClock(), batch: BATCH } });
    expect(second.data.embedded).toMatchObject({ stored: all.embedded - 2 * BATCH, transient: 0 });
    expect(second.data.embedded?.remaining).toBeUndefined();
    expect(second.notes.some((note) => note.includes("prose ranking"))).toBe(false);
    expect(missing(project.dbPath, encoder)).toBe(0);
    expect(storedVectors(project.dbPath)).toEqual(storedVectors(reference.dbPath));

    const warm = await searchProject({ query, cwd: project.root, env });
    expect(warm.data.embedded).toBeUndefined();
  });

  it("an interrupted run keeps the batches it committed, and the next run continues from there", async () => {
    const reference = await indexedProject(FILES);
    const referenceDb = reference.open(false);
    ensureVectors(referenceDb, encoder);
    referenceDb.close();

    const project = await indexedProject(FILES);
    const db = project.open(false);
    const total = missingVectors(db, encoder.id);
    let calls = 0;
    // The process stops inside the second batch (a deadline, a kill): the encoder never returns.
    const stopping: Encoder = {
      ...encoder,
      encode: (texts) => {
        if (++calls === 2) throw new Error("stopped");
        return encoder.encode(texts);
      },
    };
    expect(() => ensureVectors(db, stopping, { batch: BATCH })).toThrow("stopped");
    expect(missingVectors(db, encoder.id)).toBe(total - BATCH);
    const rest = ensureVectors(db, encoder, { batch: BATCH });
    expect(rest).toMatchObject({ embedded: total - BATCH, remaining: 0 });
    db.close();
    expect(storedVectors(project.dbPath)).toEqual(storedVectors(reference.dbPath));
  });

  it("prunes stale vectors once nothing is missing, not while batches remain", async () => {
    const project = await indexedProject(FILES);
    const db = project.open(false);
    db.prepare("INSERT INTO chunk_vectors (encoder, hash, vector) VALUES (?, 'gone', x'00')").run(encoder.id);
    const partial = ensureVectors(db, encoder, { batch: BATCH, until: 0, now: () => 1 });
    expect(partial).toMatchObject({ embedded: BATCH, pruned: 0 });
    expect(partial.remaining).toBe(missingVectors(db, encoder.id));
    expect(ensureVectors(db, encoder, { batch: BATCH })).toMatchObject({ pruned: 1, remaining: 0 });
    db.close();
  });

  it("the in-memory vectors of a search that cannot store them keep the same budget", async () => {
    const project = await indexedProject(FILES);
    const db = project.open();
    expect(transientVectors(db, encoder, { batch: BATCH, until: 0, now: () => 1 }).size).toBe(BATCH);
    expect(transientVectors(db, encoder, { batch: BATCH }).size).toBe(missingVectors(db, encoder.id));
    db.close();
  });
});
