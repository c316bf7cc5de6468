import type Database from "better-sqlite3";
import { LANGS } from "@tsift/graph/langs";
import type { ResolverMemberType, ResolverSymbol } from "./resolver-types";
import { CALLABLE, CONSTRUCTIBLE, family, MEMBER_KINDS, PACKAGE_MEMBER, resolutionOf, TYPE_LIKE, VALUE_CONTAINERS } from "./resolution-models";

/**
 * Where the call resolver's tables read symbols and member types from, each lookup keyed
 * the way the resolver asks (a file's names, a name across a language family, an owner's
 * members). Lists are in symbol id order, so every source gives the same answers; callers
 * must not modify them. Two sources: `MemorySymbols` holds every row (the resolver's
 * array API, small projects), `SqliteSymbols` reads index.db on demand and keeps only
 * recently used rows, so a pass over a tree of millions of symbols does not hold them all.
 */
export interface SymbolSource {
  /** Every file with a symbol (in the order of its first symbol), with the language of its last one. */
  readonly languages: ReadonlyMap<string, string>;
  readonly files: ReadonlySet<string>;
  /** Files with a public top-level symbol in a language whose ES-style modules scope imports. */
  readonly moduleFiles: Iterable<string>;
  /** `file` -> the package it declares (member types owned by `""` named `PACKAGE_MEMBER`), in row order. */
  readonly packageDeclarations: Iterable<{ file: string; type: string }>;
  symbol(id: number): ResolverSymbol | undefined;
  /** Symbols named `name` in `file`. */
  inFile(file: string, name: string): readonly ResolverSymbol[];
  /** The first symbol of `file` with that qualified name. */
  qualifiedInFile(file: string, qualified: string): ResolverSymbol | undefined;
  /** Symbols named `name` whose parent is `parent` in `file`. */
  owned(file: string, parent: string, name: string): readonly ResolverSymbol[];
  /** Whether some symbol of `file` has `parent` as its parent. */
  hasMembers(file: string, parent: string): boolean;
  /** The last symbol of `file` under `parent` whose kind is a companion kind of its language. */
  companion(file: string, parent: string): ResolverSymbol | undefined;
  /**
   * Symbols named `name` in languages of `languageFamily`. A source may leave out top-level
   * symbols of kinds outside `NAMED_KINDS` (C macros): every lookup by name across files
   * keeps only symbols a call can run, containers, namespaces, impls or members.
   */
  named(languageFamily: string, name: string): readonly ResolverSymbol[];
  /** Symbols named `name` under `parent` (any file) in languages of `languageFamily`. */
  familyParent(languageFamily: string, parent: string, name: string): readonly ResolverSymbol[];
  /** Symbols with that qualified name in languages of `languageFamily` (kinds outside `NAMED_KINDS` at top level may be left out, as by `named`). */
  qualified(languageFamily: string, qualified: string): readonly ResolverSymbol[];
  /** The first member type row of `file` for `owner` and `name`. */
  memberType(file: string, owner: string, name: string): ResolverMemberType | undefined;
}

const NONE: readonly ResolverSymbol[] = [];

/**
 * The kinds a lookup across files by name or qualified name can use (what calls run or
 * construct, containers, namespaces, impls, members); members (a parent) count whatever
 * their kind. The rest (C macros: most of a kernel's symbols) matter only inside their own
 * file, where they still shadow imports.
 */
export const NAMED_KINDS: ReadonlySet<string> = new Set([...CALLABLE, ...CONSTRUCTIBLE, ...MEMBER_KINDS, ...TYPE_LIKE, ...VALUE_CONTAINERS]);

/** Every row held in maps: what `createCallResolver` builds from arrays. */
export class MemorySymbols implements SymbolSource {
  readonly languages = new Map<string, string>();
  readonly files = new Set<string>();
  readonly moduleFiles = new Set<string>();
  readonly packageDeclarations: { file: string; type: string }[] = [];
  private readonly byId = new Map<number, ResolverSymbol>();
  private readonly byFileName = new Map<string, ResolverSymbol[]>();
  private readonly byFileQualified = new Map<string, ResolverSymbol>();
  private readonly byOwner = new Map<string, ResolverSymbol[]>();
  private readonly owners = new Set<string>();
  private readonly companions = new Map<string, ResolverSymbol>();
  private readonly byFamilyName = new Map<string, ResolverSymbol[]>();
  private readonly byFamilyParent = new Map<string, ResolverSymbol[]>();
  private byFamilyQualified: Map<string, ResolverSymbol[]> | null = null;
  private readonly memberTypes = new Map<string, ResolverMemberType>();

  constructor(
    private readonly symbols: readonly ResolverSymbol[],
    memberTypes: readonly ResolverMemberType[] = [],
  ) {
    for (const member of memberTypes) {
      const key = `${member.file}\0${member.owner}\0${member.name}`;
      if (!this.memberTypes.has(key)) this.memberTypes.set(key, member);
      if (member.owner === "" && member.name === PACKAGE_MEMBER) this.packageDeclarations.push({ file: member.file, type: member.type });
    }
    for (const symbol of symbols) {
      this.byId.set(symbol.id, symbol);
      this.files.add(symbol.file);
      this.languages.set(symbol.file, symbol.language);
      if (symbol.parent !== null && resolutionOf(symbol.language).companionKinds?.includes(symbol.kind))
        this.companions.set(`${symbol.file}\0${symbol.parent}`, symbol);
      push(this.byFileName, `${symbol.file}\0${symbol.name}`, symbol);
      const qualified = `${symbol.file}\0${symbol.qualified_name}`;
      if (!this.byFileQualified.has(qualified)) this.byFileQualified.set(qualified, symbol);
      push(this.byFamilyName, `${family(symbol.language)}\0${symbol.name}`, symbol);
      if (symbol.parent !== null) {
        push(this.byOwner, `${symbol.file}\0${symbol.parent}\0${symbol.name}`, symbol);
        push(this.byFamilyParent, `${family(symbol.language)}\0${symbol.parent}\0${symbol.name}`, symbol);
        this.owners.add(`${symbol.file}\0${symbol.parent}`);
      } else if (symbol.visibility === "public" && resolutionOf(symbol.language).importScope === "modules") this.moduleFiles.add(symbol.file);
    }
  }

  symbol(id: number): ResolverSymbol | undefined {
    return this.byId.get(id);
  }

  inFile(file: string, name: string): readonly ResolverSymbol[] {
    return this.byFileName.get(`${file}\0${name}`) ?? NONE;
  }

  qualifiedInFile(file: string, qualified: string): ResolverSymbol | undefined {
    return this.byFileQualified.get(`${file}\0${qualified}`);
  }

  owned(file: string, parent: string, name: string): readonly ResolverSymbol[] {
    return this.byOwner.get(`${file}\0${parent}\0${name}`) ?? NONE;
  }

  hasMembers(file: string, parent: string): boolean {
    return this.owners.has(`${file}\0${parent}`);
  }

  companion(file: string, parent: string): ResolverSymbol | undefined {
    return this.companions.get(`${file}\0${parent}`);
  }

  named(languageFamily: string, name: string): readonly ResolverSymbol[] {
    return this.byFamilyName.get(`${languageFamily}\0${name}`) ?? NONE;
  }

  familyParent(languageFamily: string, parent: string, name: string): readonly ResolverSymbol[] {
    return this.byFamilyParent.get(`${languageFamily}\0${parent}\0${name}`) ?? NONE;
  }

  qualified(languageFamily: string, qualified: string): readonly ResolverSymbol[] {
    if (this.byFamilyQualified === null) {
      this.byFamilyQualified = new Map();
      for (const symbol of this.symbols) push(this.byFamilyQualified, `${family(symbol.language)}\0${symbol.qualified_name}`, symbol);
    }
    return this.byFamilyQualified.get(`${languageFamily}\0${qualified}`) ?? NONE;
  }

  memberType(file: string, owner: string, name: string): ResolverMemberType | undefined {
    return this.memberTypes.get(`${file}\0${owner}\0${name}`);
  }
}

/** How many rows `SqliteSymbols` keeps between lookups. */
export interface SymbolCacheLimits {
  /** Symbols (and member types) of recently used files. */
  fileRows: number;
  /** Symbols of recently used names and qualified names. */
  nameRows: number;
  /** Symbols recently looked up by id (callers, resolved targets). */
  ids: number;
}

const DEFAULT_LIMITS: SymbolCacheLimits = { fileRows: 50_000, nameRows: 50_000, ids: 10_000 };

const COLUMNS = "id, file, name, kind, language, parent, qualified_name, signature, visibility, return_type, value_type, bases, line";

/** One file's symbols and member types, keyed the ways the resolver asks. */
interface FileRows {
  byName: Map<string, ResolverSymbol[]>;
  byQualified: Map<string, ResolverSymbol>;
  byOwner: Map<string, ResolverSymbol[]>;
  /** Parents of the file's symbols. */
  owners: Set<string>;
  companions: Map<string, ResolverSymbol>;
  memberTypes: Map<string, ResolverMemberType>;
  rows: number;
}

/** Symbols of one name or qualified name, per language family. */
interface NameRows {
  byFamily: Map<string, ResolverSymbol[]>;
  rows: number;
}

/**
 * index.db's symbols and member types read on demand (by `idx_symbols_file`,
 * `idx_symbols_name`, `idx_symbols_qualified_name`, `idx_member_types_file`, which must
 * exist), each answer kept in a least-recently-used cache bounded by rows. Only the file
 * list, each file's language and the module files are read whole. The same symbol may be
 * two objects (one per cache that read it): the resolver compares symbols by id.
 */
export class SqliteSymbols implements SymbolSource {
  readonly languages = new Map<string, string>();
  readonly files = new Set<string>();
  readonly moduleFiles: Set<string>;
  readonly packageDeclarations: { file: string; type: string }[];
  private readonly fileRows = new Map<string, FileRows>();
  private fileRowCount = 0;
  private readonly names = new Map<string, NameRows>();
  private readonly qualifieds = new Map<string, NameRows>();
  private nameRowCount = 0;
  private readonly ids = new Map<number, ResolverSymbol | undefined>();
  /** One copy of each file path, kind, language and visibility, shared by every row read. */
  private readonly strings = new Map<string, string>();
  private readonly byIdQuery: Database.Statement;
  private readonly byFileQuery: Database.Statement;
  private readonly memberTypesQuery: Database.Statement;
  private readonly byNameQuery: Database.Statement;
  private readonly byQualifiedQuery: Database.Statement;
  private readonly byFileQualifiedQuery: Database.Statement;
  private readonly byFileNameQuery: Database.Statement;
  private readonly byFileParentNameQuery: Database.Statement;
  private readonly byFileParentQuery: Database.Statement;
  private readonly memberTypeQuery: Database.Statement;
  /** Files with more symbols than a twentieth of `fileRows` (generated headers): looked up by name, never read whole. */
  private readonly large = new Set<string>();
  /**
   * Large files whose members are all named `parent.name`, by whether they are: their owner
   * questions go through the qualified-name index. By name alone, the members of a huge
   * generated file that share a method name (`add` of every class) were all read for each
   * call of one of them, and by file all of its rows were read for each question.
   */
  private readonly dotted = new Map<string, boolean>();
  private readonly undottedMemberQuery: Database.Statement;
  private readonly ownedQualifiedQuery: Database.Statement;
  private readonly underQualifiedQuery: Database.Statement;

  constructor(
    db: Database.Database,
    private readonly limits: SymbolCacheLimits = DEFAULT_LIMITS,
  ) {
    // One row per file: its first symbol orders the files, its last one gives the language.
    const files = db
      .prepare(
        `SELECT s.file, s.language, f.rows FROM (SELECT file, min(id) AS first, max(id) AS last, count(*) AS rows FROM symbols GROUP BY file) f
           JOIN symbols s ON s.id = f.last ORDER BY f.first`,
      )
      .raw()
      .iterate() as IterableIterator<[string, string, number]>;
    for (const [file, language, rows] of files) {
      this.files.add(file);
      if (rows > this.limits.fileRows / 20) this.large.add(file);
      this.languages.set(file, this.shared(language));
      this.strings.set(file, file);
    }
    this.moduleFiles = new Set(
      db
        .prepare("SELECT DISTINCT file FROM symbols WHERE parent IS NULL AND visibility = 'public' AND language IN (SELECT value FROM json_each(?))")
        .pluck()
        .all(JSON.stringify(LANGS.filter((language) => resolutionOf(language).importScope === "modules"))) as string[],
    );
    this.packageDeclarations = db.prepare("SELECT file, type FROM member_types WHERE owner = '' AND name = ? ORDER BY id").all(PACKAGE_MEMBER) as {
      file: string;
      type: string;
    }[];
    this.byIdQuery = db.prepare(`SELECT ${COLUMNS} FROM symbols WHERE id = ?`);
    this.byFileQualifiedQuery = db.prepare(`SELECT ${COLUMNS} FROM symbols WHERE qualified_name = ? AND file = ? ORDER BY id LIMIT 1`);
    this.byFileNameQuery = db.prepare(`SELECT ${COLUMNS} FROM symbols WHERE name = ? AND file = ? ORDER BY id`);
    this.byFileParentNameQuery = db.prepare(`SELECT ${COLUMNS} FROM symbols WHERE name = ? AND file = ? AND parent = ? ORDER BY id`);
    this.byFileParentQuery = db.prepare(`SELECT ${COLUMNS} FROM symbols WHERE file = ? AND parent = ? ORDER BY id`);
    this.undottedMemberQuery = db.prepare(
      "SELECT 1 FROM symbols WHERE file = ? AND parent IS NOT NULL AND qualified_name IS NOT parent || '.' || name LIMIT 1",
    );
    // The unary `+` keeps SQLite off the name and file indexes, whose rows for one name or one
    // file can be most of a huge file's: the qualified name narrows to one owner's members.
    this.ownedQualifiedQuery = db.prepare(`SELECT ${COLUMNS} FROM symbols WHERE qualified_name = ? AND +file = ? AND +parent = ? AND +name = ? ORDER BY id`);
    this.underQualifiedQuery = db.prepare(
      `SELECT ${COLUMNS} FROM symbols WHERE qualified_name >= ? AND qualified_name < ? AND +file = ? AND +parent = ? ORDER BY id`,
    );
    this.memberTypeQuery = db.prepare("SELECT file, owner, name, type FROM member_types WHERE file = ? AND owner = ? AND name = ? ORDER BY id LIMIT 1");
    this.byFileQuery = db.prepare(`SELECT ${COLUMNS} FROM symbols WHERE file = ? ORDER BY id`);
    this.memberTypesQuery = db.prepare("SELECT file, owner, name, type FROM member_types WHERE file = ? ORDER BY id");
    const named = `(parent IS NOT NULL OR kind IN (SELECT value FROM json_each('${JSON.stringify([...NAMED_KINDS])}')))`;
    this.byNameQuery = db.prepare(`SELECT ${COLUMNS} FROM symbols WHERE name = ? AND ${named} ORDER BY id`);
    this.byQualifiedQuery = db.prepare(`SELECT ${COLUMNS} FROM symbols WHERE qualified_name = ? AND ${named} ORDER BY id`);
  }

  /** Rows held now: what the limits bound (a single file or name larger than its limit is held alone). */
  held(): { fileRows: number; nameRows: number; ids: number } {
    return { fileRows: this.fileRowCount, nameRows: this.nameRowCount, ids: this.ids.size };
  }

  symbol(id: number): ResolverSymbol | undefined {
    if (this.ids.has(id)) return recent(this.ids, id);
    const found = this.row(this.byIdQuery.get(id) as ResolverSymbol | undefined);
    this.ids.set(id, found);
    if (this.ids.size > this.limits.ids) this.ids.delete(this.ids.keys().next().value!);
    return found;
  }

  inFile(file: string, name: string): readonly ResolverSymbol[] {
    if (this.direct(file)) return this.rows(this.byFileNameQuery.all(name, file) as ResolverSymbol[]);
    return this.rowsOf(file)?.byName.get(name) ?? NONE;
  }

  qualifiedInFile(file: string, qualified: string): ResolverSymbol | undefined {
    // Asked of the file of each member among a name's candidates: a file not read yet is not
    // read whole for one parent (a name's candidates can lie in hundreds of large headers).
    const known = this.fileRows.get(file);
    if (known) return known.byQualified.get(qualified);
    return this.row(this.byFileQualifiedQuery.get(qualified, file) as ResolverSymbol | undefined);
  }

  owned(file: string, parent: string, name: string): readonly ResolverSymbol[] {
    if (this.direct(file)) {
      if (this.isDotted(file)) return this.rows(this.ownedQualifiedQuery.all(`${parent}.${name}`, file, parent, name) as ResolverSymbol[]);
      return this.rows(this.byFileParentNameQuery.all(name, file, parent) as ResolverSymbol[]);
    }
    return this.rowsOf(file)?.byOwner.get(`${parent}\0${name}`) ?? NONE;
  }

  hasMembers(file: string, parent: string): boolean {
    if (this.direct(file)) return this.underParent(file, parent, (query, ...args) => query.get(...args) !== undefined);
    return this.rowsOf(file)?.owners.has(parent) === true;
  }

  companion(file: string, parent: string): ResolverSymbol | undefined {
    if (this.direct(file)) {
      const under = this.rows(this.underParent(file, parent, (query, ...args) => query.all(...args) as ResolverSymbol[]));
      return under.findLast((symbol) => resolutionOf(symbol.language).companionKinds?.includes(symbol.kind) === true);
    }
    return this.rowsOf(file)?.companions.get(parent);
  }

  named(languageFamily: string, name: string): readonly ResolverSymbol[] {
    return this.nameRows(this.names, this.byNameQuery, name).byFamily.get(languageFamily) ?? NONE;
  }

  familyParent(languageFamily: string, parent: string, name: string): readonly ResolverSymbol[] {
    return this.named(languageFamily, name).filter((symbol) => symbol.parent === parent);
  }

  qualified(languageFamily: string, qualified: string): readonly ResolverSymbol[] {
    return this.nameRows(this.qualifieds, this.byQualifiedQuery, qualified).byFamily.get(languageFamily) ?? NONE;
  }

  memberType(file: string, owner: string, name: string): ResolverMemberType | undefined {
    if (this.direct(file)) return this.memberTypeQuery.get(file, owner, name) as ResolverMemberType | undefined;
    return this.rowsOf(file)?.memberTypes.get(`${owner}\0${name}`);
  }

  /**
   * Whether a file's rows are looked up one question at a time: a large file (generated
   * headers of tens of thousands of macros) not held already. A C file includes dozens of
   * them and asks each for one name; reading them whole would evict each other per call.
   */
  private direct(file: string): boolean {
    return this.large.has(file) && !this.fileRows.has(file);
  }

  /** Whether every member of a large file is named `parent.name` (checked once per file, by one read of its rows). */
  private isDotted(file: string): boolean {
    let dotted = this.dotted.get(file);
    if (dotted === undefined) this.dotted.set(file, (dotted = this.undottedMemberQuery.get(file) === undefined));
    return dotted;
  }

  /** Runs `read` on the query for a large file's members of `parent` (by qualified-name prefix when the file is dotted) with its arguments. */
  private underParent<T>(file: string, parent: string, read: (query: Database.Statement, ...args: string[]) => T): T {
    // `/` follows `.`: the range holds every qualified name that starts with `parent.`.
    if (this.isDotted(file)) return read(this.underQualifiedQuery, `${parent}.`, `${parent}/`, file, parent);
    return read(this.byFileParentQuery, file, parent);
  }

  private rows(symbols: ResolverSymbol[]): readonly ResolverSymbol[] {
    if (symbols.length === 0) return NONE;
    for (const symbol of symbols) this.row(symbol);
    return symbols;
  }

  /** A file's rows, read once and kept while recently used; undefined for a file with neither symbols nor member types. */
  private rowsOf(file: string): FileRows | undefined {
    if (this.fileRows.has(file)) return recent(this.fileRows, file);
    const rows: FileRows = {
      byName: new Map(),
      byQualified: new Map(),
      byOwner: new Map(),
      owners: new Set(),
      companions: new Map(),
      memberTypes: new Map(),
      rows: 0,
    };
    if (this.files.has(file)) {
      for (const row of this.byFileQuery.iterate(file) as IterableIterator<ResolverSymbol>) {
        const symbol = this.row(row);
        rows.rows++;
        push(rows.byName, symbol.name, symbol);
        if (!rows.byQualified.has(symbol.qualified_name)) rows.byQualified.set(symbol.qualified_name, symbol);
        if (symbol.parent !== null) {
          push(rows.byOwner, `${symbol.parent}\0${symbol.name}`, symbol);
          rows.owners.add(symbol.parent);
          if (resolutionOf(symbol.language).companionKinds?.includes(symbol.kind)) rows.companions.set(symbol.parent, symbol);
        }
      }
    }
    for (const member of this.memberTypesQuery.iterate(file) as IterableIterator<ResolverMemberType>) {
      member.file = this.shared(member.file);
      rows.rows++;
      const key = `${member.owner}\0${member.name}`;
      if (!rows.memberTypes.has(key)) rows.memberTypes.set(key, member);
    }
    this.fileRows.set(file, rows);
    this.fileRowCount += rows.rows;
    // The file just read stays, however large.
    while (this.fileRowCount > this.limits.fileRows && this.fileRows.size > 1) {
      const [oldest, evicted] = this.fileRows.entries().next().value!;
      this.fileRows.delete(oldest);
      this.fileRowCount -= evicted.rows;
    }
    return rows;
  }

  /** A row with the strings many rows repeat shared (read by `SqliteSymbols` only: kinds, languages, visibilities and file paths are few). */
  private row<T extends ResolverSymbol | undefined>(symbol: T): T {
    if (symbol === undefined) return symbol;
    symbol.file = this.shared(symbol.file);
    symbol.kind = this.shared(symbol.kind);
    symbol.language = this.shared(symbol.language);
    if (typeof symbol.visibility === "string") symbol.visibility = this.shared(symbol.visibility);
    if (symbol.qualified_name === symbol.name) symbol.qualified_name = symbol.name;
    return symbol;
  }

  private shared(value: string): string {
    const known = this.strings.get(value);
    if (known !== undefined) return known;
    this.strings.set(value, value);
    return value;
  }

  private nameRows(cache: Map<string, NameRows>, query: Database.Statement, key: string): NameRows {
    if (cache.has(key)) return recent(cache, key);
    const entry: NameRows = { byFamily: new Map(), rows: 0 };
    for (const row of query.iterate(key) as IterableIterator<ResolverSymbol>) {
      const symbol = this.row(row);
      entry.rows++;
      push(entry.byFamily, family(symbol.language), symbol);
    }
    cache.set(key, entry);
    this.nameRowCount += entry.rows;
    while (this.nameRowCount > this.limits.nameRows) {
      const names = this.names.size > 1 ? this.names : this.qualifieds.size > 1 ? this.qualifieds : null;
      if (names === null) break;
      const [oldest, evicted] = names.entries().next().value!;
      names.delete(oldest);
      this.nameRowCount -= evicted.rows;
    }
    return entry;
  }
}

/** The entry of `key` (which `map` holds), moved to the end of its order: the most recently used, evicted last. */
function recent<K, V>(map: Map<K, V>, key: K): V {
  const value = map.get(key) as V;
  map.delete(key);
  map.set(key, value);
  return value;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
