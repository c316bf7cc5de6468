import type { RuleContext } from "../../language-rules";

/**
 * The method the walk is in, for what its body means: `super` calls the ancestors' method
 * of the same name; a bare `new` (or `self.new`) in a singleton method constructs the class.
 */
export interface MethodFrame {
  readonly start: number;
  readonly end: number;
  readonly name: string;
  /** `def self.x`, or a `def` in `class << self`. */
  readonly singleton: boolean;
  /** Qualified name of the class or module it belongs to (null at the top level). */
  readonly owner: string | null;
  /** Whether that owner is a class (a module has no instances to construct). */
  readonly ownerIsClass: boolean;
}

const states = new WeakMap<RuleContext, MethodFrame[]>();

function framesAt(context: RuleContext, offset: number): MethodFrame[] {
  let frames = states.get(context);
  if (!frames) states.set(context, (frames = []));
  while (frames.length > 0 && frames[frames.length - 1]!.end <= offset) frames.pop();
  return frames;
}

export function enterMethod(context: RuleContext, frame: MethodFrame): void {
  framesAt(context, frame.start).push(frame);
}

/** The innermost method open at `offset` (blocks inside it included), if any. */
export function methodAt(context: RuleContext, offset: number): MethodFrame | null {
  const frames = framesAt(context, offset);
  return frames[frames.length - 1] ?? null;
}

/**
 * Whether `offset` is inside a method body that is itself inside the body starting at
 * `bodyStart` (or at the top level when null): a `def` there defines no member of the body's
 * class, an `attr_reader` there is a call at run time. A `class << obj` inside a method opens
 * a body of its own, whose declarations are the singleton class's again.
 */
export function inMethodOf(context: RuleContext, offset: number, bodyStart: number | null): boolean {
  const frame = methodAt(context, offset);
  return frame !== null && (bodyStart === null || frame.start > bodyStart);
}

/** The class a bare `new` at `offset` constructs: the owner of the singleton method around it. */
export function constructedClass(context: RuleContext, offset: number): string | null {
  const frame = methodAt(context, offset);
  return frame?.singleton && frame.ownerIsClass ? frame.owner : null;
}
