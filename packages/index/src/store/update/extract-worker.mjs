// Worker-thread entry for parallel extraction: parse + extract one file per message.
// Plain JS so Node can start it from the source tree and from dist alike; grammars
// load lazily inside @tsift/graph on the first file of each language. The pool keeps
// several jobs queued here; each gets its own turn of the event loop (turn-queue.mjs),
// so the parse trees of earlier jobs are freed in between.
import { parentPort } from "node:worker_threads";
import { startExtraction } from "@tsift/graph";
import { collectGarbage } from "./collect-garbage.mjs";
import { turnQueue } from "./turn-queue.mjs";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

// A huge file is extracted a slice at a time, a turn of the event loop apart, so each
// slice's parse tree is freed before the next is parsed.
const enqueue = turnQueue(async (job) => {
  try {
    const run = startExtraction(job.lang, job.text, { boundMemory: true });
    while (!run.step()) {
      collectGarbage();
      await nextTurn();
    }
    parentPort.postMessage({ id: job.id, ok: true, result: run.result() });
  } catch (error) {
    const refused = error?.details?.reason === "too_large";
    parentPort.postMessage({ id: job.id, ok: false, message: error instanceof Error ? error.message : String(error), ...(refused ? { refused } : {}) });
  }
});

parentPort.on("message", enqueue);
