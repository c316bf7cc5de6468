export { LANGS, type Lang } from "./lang";
export { langInfo, type LangInfo } from "./lang-info";
export { langFromPath } from "./lang-from-path";
export { parseLang } from "./parse-lang";
