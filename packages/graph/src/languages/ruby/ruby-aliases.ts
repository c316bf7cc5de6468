import type { RuleContext } from "../../language-rules";
import type { ConstantPath } from "./ruby-text";

/**
 * Constants that name another class or module (`Repo = Storage::UserRepository`), per walk:
 * a later `Repo.new` or `Repo.find` in the file is read as the target's, in document order.
 */
const states = new WeakMap<RuleContext, Map<string, ConstantPath>>();

export function recordAlias(context: RuleContext, name: string, target: ConstantPath): void {
  let aliases = states.get(context);
  if (!aliases) states.set(context, (aliases = new Map()));
  aliases.set(name, resolveAlias(context, target));
}

/** The path a constant path stands for: an alias's target when its head is one. */
export function resolveAlias(context: RuleContext, path: ConstantPath): ConstantPath {
  if (path.rooted) return path;
  const target = states.get(context)?.get(path.segments[0]!);
  return target ? { segments: [...target.segments, ...path.segments.slice(1)], rooted: target.rooted } : path;
}
