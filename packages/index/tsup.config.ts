import { packageBuild } from "../../tsup.shared";

// The extraction and graph-refresh workers are their own entries: worker threads start
// from a file, and the bundle finds each beside itself (./extract-worker.js,
// ./graph-refresh-worker.js). `indexer` is the lean entry
// (`@tsift/index/indexer`) the CLI's index path loads, `code-graph` the lean entry of
// graph-db and traverse, `graph-read` the lean entry of the graph queries (no graph
// algorithms), `history` the lean entry of the git history commands; splitting lets the entries share
// chunks instead of each carrying a copy of the indexer.
export default packageBuild(
  {
    index: "src/index.ts",
    indexer: "src/indexer.ts",
    "code-graph": "src/code-graph.ts",
    "graph-read": "src/graph-read.ts",
    history: "src/history/index.ts",
    summaries: "src/summaries/index.ts",
    "extract-worker": "src/store/update/extract-worker.mjs",
    "graph-refresh-worker": "src/projection/graph-db/graph-refresh-worker.ts",
  },
  // The read use cases import the graph-query modules dynamically on a cache miss; splitting
  // makes those their own chunks, so the lean entries never load the graph algorithms early.
  { splitting: true },
);
