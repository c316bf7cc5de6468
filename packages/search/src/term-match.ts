import { lightStem } from "./encoders/hash-encoder";
import { probe } from "./fts-query";

/**
 * How strongly one code token stands for one query word, in [0, 1]. Built once per query
 * word and shared by every unit the ranked answer scores, so each distinct token is
 * judged once.
 */
export type TermMatcher = (token: string) => number;

export interface TermMatchOptions {
  /** A name glues words together (`getini` has `ini`): a token containing the word counts. */
  substring?: boolean;
  /** The weight of a token CODE_SYNONYMS gives for the word (`del` for `remove`); 0 (the default) for none. */
  synonyms?: number;
  /** The word glued to a neighbour of the query (`nodeid` for `node id`): a token starting with one counts fully. */
  joined?: readonly string[];
}

/**
 * Words of descriptions and the tokens code writes for them: short forms (`dir`, `exc`,
 * `args`) and the names code gives what a sentence describes (`whether` is asked by an
 * `is_` or `has_` function). Looked up by the word and by its light stem (`returns`,
 * `directories`). Kept small and general: each entry is common across languages and code
 * bases. (A rule instead of a table, any short token whose letters occur in order in the
 * word, `tb` for `traceback`, matched far too much: see docs/benchmarks/search.md.)
 */
export const CODE_SYNONYMS: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries({
    return: ["get"],
    whether: ["is", "has", "can", "should"],
    check: ["is", "has", "validate", "verify"],
    number: ["len", "count", "num"],
    length: ["len", "size"],
    count: ["len", "num"],
    create: ["make", "new", "build", "init"],
    construct: ["make", "new", "build", "init"],
    representation: ["repr", "str"],
    equal: ["eq"],
    remove: ["del", "delete", "pop", "rm", "discard"],
    delete: ["del", "remove", "rm"],
    retrieve: ["get", "fetch", "load"],
    compute: ["calc", "calculate"],
    convert: ["to", "as"],
    directory: ["dir", "folder"],
    folder: ["dir", "directory"],
    function: ["func", "fn", "callable"],
    string: ["str", "text"],
    configuration: ["config", "cfg", "conf", "settings", "options"],
    config: ["cfg", "conf", "configuration", "settings"],
    initialize: ["init", "setup"],
    environment: ["env"],
    error: ["err", "exc", "exception"],
    exception: ["exc", "err", "error"],
    message: ["msg"],
    attribute: ["attr", "getattr", "setattr"],
    argument: ["arg", "args", "param", "params"],
    parameter: ["param", "params", "arg", "args"],
    index: ["idx", "getitem"],
    value: ["val"],
    object: ["obj"],
    iterate: ["iter"],
    iterator: ["iter"],
    iterable: ["iter"],
    file: ["path", "fd"],
    path: ["file"],
    request: ["req"],
    response: ["resp", "res"],
  }),
);

/**
 * The matcher of one query word (lower-case, one identifier part): a token it prefixes
 * after trimming like `probe` (`retries` finds `retry`), or that contains it when
 * `substring`, counts 1; a synonym counts `synonyms`.
 */
export function termMatcher(word: string, options: TermMatchOptions = {}): TermMatcher {
  const head = probe(word);
  const synonyms = new Set((options.synonyms ?? 0) > 0 ? (CODE_SYNONYMS.get(word) ?? CODE_SYNONYMS.get(lightStem(word)) ?? []) : []);
  const joined = options.joined ?? [];
  const substring = options.substring === true && word.length >= 3;
  const memo = new Map<string, number>();
  return (token) => {
    let weight = memo.get(token);
    if (weight !== undefined) return weight;
    if (token.startsWith(head) || (substring && token.includes(word)) || joined.some((phrase) => token.startsWith(phrase))) weight = 1;
    else weight = synonyms.has(token) ? options.synonyms! : 0;
    memo.set(token, weight);
    return weight;
  };
}
