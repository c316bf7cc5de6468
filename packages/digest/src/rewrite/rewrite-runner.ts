import type { RewriteDecision } from "./rewrite-command";

/** `KEY=value` words before the command: kept by running the command under `env`. */
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

type RunKind = "test" | "log";

/** The test runners and build tools whose output tsift digests, by the words that start them. */
function runKind(words: readonly string[]): RunKind | null {
  const [tool, first, second] = words;
  const npmScript = (script: string | undefined) => (first === "run" || first === "run-script" ? second : first) === script;
  switch (tool) {
    case "npm":
    case "pnpm":
    case "yarn":
      if (npmScript("test") || first === "t" || npmScript("test:unit")) return "test";
      if (npmScript("build") || npmScript("typecheck") || npmScript("lint") || first === "ci" || first === "install") return "log";
      return null;
    case "npx":
      if (first === "vitest" || first === "jest") return "test";
      if (first === "tsc" || first === "eslint" || first === "nx" || first === "tsup") return "log";
      return null;
    case "vitest":
    case "jest":
    case "pytest":
      return "test";
    case "tsc":
      return "log";
    case "node":
      return words.includes("--test") ? "test" : null;
    case "python":
    case "python3":
      return first === "-m" && second === "pytest" ? "test" : null;
    case "cargo":
      if (first === "test" || first === "nextest") return "test";
      if (first === "build" || first === "check" || first === "clippy" || first === "install") return "log";
      return null;
    case "go":
      if (first === "test") return "test";
      if (first === "build" || first === "vet") return "log";
      return null;
    case "make":
      return "log";
    default:
      return null;
  }
}

/** Test runs → `tsift run --kind test -- …`, builds → `tsift run --kind log -- …`; the command runs unchanged. */
export function rewriteRunner(words: readonly string[]): RewriteDecision | null {
  const assignments = words.findIndex((word) => !ASSIGNMENT.test(word));
  if (assignments === -1) return null;
  const command = words.slice(assignments);
  const kind = runKind(command);
  if (!kind) return null;
  const run = assignments > 0 ? ["env", ...words] : [...words];
  return {
    rewritten: true,
    kind: kind === "test" ? "test" : "build",
    argv: ["--envelope", "run", "--kind", kind, "--", ...run],
    reason: kind === "test" ? "test run → failures digest, full output kept as an artifact" : "build output → log digest, full output kept as an artifact",
  };
}
