/**
 * `@tsift/graph/langs`: the language facts alone — which languages exist, which file
 * extensions map to them and how @tsift/index resolves them — without the parsers and
 * extraction rules of the main entry.
 * The file walk needs only this, so read commands that check freshness stay light.
 */
export { LANGS, type Lang } from "./lang";
export { langInfo, type EntryPointModel, type LangInfo, type ResolutionModel } from "./lang-info";
export { langFromPath } from "./lang-from-path";
