/**
 * `@tsift/graph/langs`: the language table alone — which languages exist and which file
 * extensions map to them — without the parsers and extraction rules of the main entry.
 * The file walk needs only this, so read commands that check freshness stay light.
 */
export { LANGS, type Lang } from "./lang";
export { langInfo, type LangInfo } from "./lang-info";
export { langFromPath } from "./lang-from-path";
