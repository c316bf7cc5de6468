/** `--compact` abbreviations of kinds, match types and sections; short kinds (struct, enum, const, …) pass through. */
const KINDS: Record<string, string> = {
  function: "fn",
  method: "meth",
  class: "cls",
  interface: "iface",
  type_alias: "type",
  data_class: "data_cls",
  sealed_class: "sealed_cls",
  enum_class: "enum_cls",
  companion_object: "comp_obj",
  object: "obj",
  heading: "h",
  code_block: "code",
};

const MATCH_TYPES: Record<string, string> = { exact_name: "exact", partial_tags: "partial", case_insensitive: "ci" };

const SECTIONS: Record<string, string> = {
  symbols: "syms",
  callers: "crs",
  callees: "ces",
  community: "comm",
  communities: "comms",
  members: "mbrs",
  symbol: "sym",
  definitions: "defs",
};

export const abbreviateKind = (kind: string): string => KINDS[kind] ?? kind;
export const abbreviateMatch = (match: string): string => MATCH_TYPES[match] ?? match;
export const abbreviateSection = (section: string): string => SECTIONS[section] ?? section;

/** `syms[3/12]:` style header: shown count, and the total when it differs. */
export function compactHeader(section: string, shown: number, total: number | string = shown): string {
  return `${abbreviateSection(section)}[${shown === total ? shown : `${shown}/${total}`}]:`;
}
