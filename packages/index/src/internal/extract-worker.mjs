// Worker-thread entry for parallel extraction: parse + extract one file per message.
// Plain JS so Node can start it from the source tree and from dist alike; grammars
// load lazily inside @tsift/graph on the first file of each language. The pool keeps
// several jobs queued here; each gets its own turn of the event loop (turn-queue.mjs),
// so the parse trees of earlier jobs are freed in between.
import { parentPort } from "node:worker_threads";
import { extractFile } from "@tsift/graph";
import { turnQueue } from "./turn-queue.mjs";

const enqueue = turnQueue((job) => {
  try {
    parentPort.postMessage({ id: job.id, ok: true, result: extractFile(job.lang, job.text) });
  } catch (error) {
    parentPort.postMessage({ id: job.id, ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});

parentPort.on("message", enqueue);
