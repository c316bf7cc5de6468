export { codeNavigationSection, NAVIGATION_COMMANDS, SECTION_END, SECTION_START_PREFIX } from "@tsift/index/indexer";
