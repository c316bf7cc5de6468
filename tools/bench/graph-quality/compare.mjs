/**
 * Scores an index's resolved callers against the oracle's call sites (oracle.mjs).
 *
 * An edge is (call-site file, call-site line, target symbol). The oracle's targets are
 * mapped to the index's symbols by file and name: the innermost symbol whose span holds
 * the declaration's line, else, for an overload's signature only, the nearest one of that
 * name after it. Targets the index has no symbol for (parameters, locals, members of
 * inline type literals) and targets outside the corpus (lib.d.ts) are not edges.
 *
 * - precision = edges the index reports that the oracle has / edges the index reports,
 *   leaving out sites the checker could not resolve (an `any` callee); an index edge at a
 *   site whose callee the checker places outside the corpus is wrong;
 * - recall = oracle edges the index reports / oracle edges, over sites with one target
 *   (a union receiver's call has several; an index edge to any of them counts as right).
 *
 * "methods" restricts both sides to targets that are methods: members of classes,
 * interfaces and object literals (the index's `method` kind and members with a parent).
 */

const METHOD_KINDS = new Set(["method", "getter", "setter"]);
const MEMBER_VALUE_KINDS = new Set(["property", "variable", "const", "function"]);

export function loadIndex(Database, dbPath) {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const symbols = db.prepare("SELECT id, file, name, qualified_name, kind, line, end_line, parent FROM symbols").all();
    const calls = db
      .prepare(
        "SELECT c.id, c.file, c.line, c.callee_name, c.receiver, c.receiver_type, c.kind, c.resolved_symbol_id, c.resolution, c.caller_symbol_id FROM calls c",
      )
      .all();
    const containers = new Map(symbols.map((symbol) => [`${symbol.file}\0${symbol.qualified_name}`, symbol.kind]));
    return { symbols, calls, containers };
  } finally {
    db.close();
  }
}

export function isMethodSymbol(symbol, containers) {
  if (!symbol) return false;
  if (METHOD_KINDS.has(symbol.kind)) return true;
  if (symbol.parent === null || !MEMBER_VALUE_KINDS.has(symbol.kind)) return false;
  const parentKind = containers.get(`${symbol.file}\0${symbol.parent}`);
  return parentKind === "class" || parentKind === "interface" || parentKind === "object" || parentKind === "type_alias";
}

const OVERLOAD_DECLARATIONS = new Set(["FunctionDeclaration", "MethodDeclaration", "Constructor", "MethodSignature"]);

/** Maps an oracle target `{ file, line, start, name, declaration }` to an index symbol id, or null. */
export function symbolMapper(symbols) {
  const byFileName = new Map();
  for (const symbol of symbols) {
    const key = `${symbol.file}\0${symbol.name}`;
    const list = byFileName.get(key);
    if (list) list.push(symbol);
    else byFileName.set(key, [symbol]);
  }
  return (target) => {
    const candidates = byFileName.get(`${target.file}\0${target.name}`);
    if (!candidates) return null;
    let best = null;
    for (const symbol of candidates) {
      if (symbol.line <= target.line && symbol.end_line >= target.line && (!best || symbol.line > best.line)) best = symbol;
    }
    if (best) return best;
    // Only an overload signature stands for the implementation after it; a parameter, a
    // local or a member of an inline type literal has no index symbol, and a later symbol
    // that happens to share its name is not its target.
    if (target.declaration !== undefined && !OVERLOAD_DECLARATIONS.has(target.declaration)) return null;
    let next = null;
    for (const symbol of candidates) if (symbol.line >= target.start && (!next || symbol.line < next.line)) next = symbol;
    return next;
  };
}

/**
 * `{ overall, methods, details }`: precision/recall counts, and the lists behind them
 * (false positives and misses with the index's resolution, for diagnosis).
 */
export function compareCallers(index, sites, options = {}) {
  const mapTarget = symbolMapper(index.symbols);
  const byId = new Map(index.symbols.map((symbol) => [symbol.id, symbol]));
  const method = (id) => isMethodSymbol(byId.get(id), index.containers);
  const files = options.files ?? new Set(sites.map((site) => site.file));

  // Oracle: site key -> { status, targets: Set<id> }.
  const oracle = new Map();
  let unmapped = 0;
  for (const site of sites) {
    const key = `${site.file}\0${site.line}`;
    let entry = oracle.get(key);
    if (!entry) oracle.set(key, (entry = { unresolved: false, outside: false, single: new Set(), multi: new Set() }));
    if (site.targets === null) {
      entry.unresolved = true;
      continue;
    }
    if (site.targets.length === 0) {
      entry.outside = true;
      continue;
    }
    const ids = [...new Set(site.targets.map((target) => mapTarget(target)?.id).filter((id) => id !== undefined))];
    if (ids.length === 0) unmapped++;
    if (ids.length === 1 && site.targets.length === 1) entry.single.add(ids[0]);
    else for (const id of ids) entry.multi.add(id);
  }

  const blank = () => ({ reported: 0, correct: 0, unjudged: 0, expected: 0, found: 0 });
  const overall = blank();
  const methods = blank();
  const falsePositives = [];
  const misses = [];
  const reported = new Set();
  for (const call of index.calls) {
    if (call.resolved_symbol_id === null || !files.has(call.file)) continue;
    const key = `${call.file}\0${call.line}`;
    const edge = `${key}\0${call.resolved_symbol_id}`;
    if (reported.has(edge)) continue;
    reported.add(edge);
    const entry = oracle.get(key);
    const buckets = method(call.resolved_symbol_id) ? [overall, methods] : [overall];
    const right = entry !== undefined && (entry.single.has(call.resolved_symbol_id) || entry.multi.has(call.resolved_symbol_id));
    const unjudged = !right && entry !== undefined && entry.unresolved && entry.single.size === 0 && entry.multi.size === 0 && !entry.outside;
    for (const bucket of buckets) {
      if (unjudged) bucket.unjudged++;
      else {
        bucket.reported++;
        if (right) bucket.correct++;
      }
    }
    if (!right && !unjudged)
      falsePositives.push({
        ...call,
        target: byId.get(call.resolved_symbol_id),
        oracle: entry ? { single: [...entry.single], multi: [...entry.multi], outside: entry.outside } : null,
      });
  }
  const callsAt = new Map();
  for (const call of index.calls) {
    const key = `${call.file}\0${call.line}`;
    const list = callsAt.get(key);
    if (list) list.push(call);
    else callsAt.set(key, [call]);
  }
  for (const [key, entry] of oracle) {
    for (const id of entry.single) {
      const buckets = method(id) ? [overall, methods] : [overall];
      const found = reported.has(`${key}\0${id}`);
      for (const bucket of buckets) {
        bucket.expected++;
        if (found) bucket.found++;
      }
      if (!found) {
        const [file, line] = key.split("\0");
        misses.push({ file, line: Number(line), target: byId.get(id), calls: callsAt.get(key) ?? [] });
      }
    }
  }
  const score = (bucket) => ({
    ...bucket,
    precision: bucket.reported === 0 ? 1 : bucket.correct / bucket.reported,
    recall: bucket.expected === 0 ? 1 : bucket.found / bucket.expected,
  });
  return { overall: score(overall), methods: score(methods), unmapped, falsePositives, misses };
}

/**
 * Method misses counted by what the index holds at the site: the call row of the missed
 * name (`ambiguous`, `unresolved`, `wrong target`, or `no call` of that name) and the
 * shape of its receiver (with or without a recorded `receiver_type`), most frequent first.
 */
export function methodMissCategories(index, misses) {
  const byId = new Map(index.symbols.map((symbol) => [symbol.id, symbol]));
  const counts = new Map();
  for (const miss of misses) {
    if (!isMethodSymbol(byId.get(miss.target.id) ?? miss.target, index.containers)) continue;
    const call = miss.calls.find((candidate) => candidate.callee_name === miss.target.name);
    let key = "no call of that name";
    if (call) {
      const status = call.resolved_symbol_id !== null ? "wrong target" : call.resolution;
      const typed = call.receiver_type ? "typed" : "untyped";
      key = `${status}, ${receiverShape(call.receiver)} receiver, ${typed}`;
    }
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]);
}

function receiverShape(receiver) {
  if (receiver === null) return "no";
  if (receiver === "this" || receiver === "super") return "this/super";
  if (/^[\p{L}_$][\w$]*$/u.test(receiver)) return "identifier";
  if (/^[\p{L}_$][\w$]*(?:\.[\p{L}_$][\w$]*)+$/u.test(receiver)) return "member path";
  if (/\)$/u.test(receiver)) return "call result";
  return "other";
}
