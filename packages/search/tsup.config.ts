import { packageBuild } from "../../tsup.shared";

// `project-search` is the lean entry `tsift search` and `tsift related` load
// (`@tsift/search/project-search`); splitting lets the two entries share chunks, so a process
// that loads both holds one copy of every module and its caches.
export default packageBuild({ index: "src/index.ts", "project-search": "src/project-search.ts" }, { splitting: true });
