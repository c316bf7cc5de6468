/** One step of a recipe: what it is for, the command to run (placeholders in `<…>`), and the handles it yields. */
export interface WorkflowStep {
  step: number;
  name: string;
  purpose: string;
  command: string;
  /**
   * What the step's answer carries to keep and cite in the next step: handle families
   * (`gsym-*`: the prefix the command mints, a test checks each against the real output)
   * or, for a step without handles, what to keep instead.
   */
  yields: string[];
  /** The field of the answer whose commands lead to the next step. */
  next_from: string;
}

export interface WorkflowReport {
  topic: "search";
  summary: string;
  steps: WorkflowStep[];
  /** The rules that keep handles intact across the steps. */
  contract: string[];
}

/**
 * The handle-preserving search recipe: literal lookup, then bounded broadening, then
 * explanation and source windows through handles, then digests. Every command here is a
 * real command line of this CLI (a test parses each one against the command definitions).
 */
export function searchWorkflow(): WorkflowReport {
  const steps: Omit<WorkflowStep, "step">[] = [
    {
      name: "exact anchors",
      purpose: "find where a literal (identifier, error text, path) occurs; works without an index",
      command: 'tsift --envelope search "<literal>" --exact --budget normal',
      yields: ["shit-*"],
      next_from: "report.ranked[].expand",
    },
    {
      name: "ranked definitions",
      purpose: "the definitions of a name, exact before fuzzy",
      command: 'tsift symbols "<name>" --limit 10',
      yields: ["file:line"],
      next_from: "symbols[].file, symbols[].line",
    },
    {
      name: "semantic broadening",
      purpose: "widen to code about a concept when the literal finds too little",
      command: 'tsift --envelope search "<concept>" --strategy hybrid --budget normal',
      yields: ["sfam-*", "shit-*"],
      next_from: "report.ranked[].expand",
    },
    {
      name: "graph expansion",
      purpose: "a symbol in full: signature, callers and callees by resolved target, community",
      command: 'tsift --envelope explain "<symbol>" --budget normal',
      yields: ["gsym-*", "gcal-*", "gcle-*"],
      next_from: "follow_up",
    },
    {
      name: "source window",
      purpose: "read only the lines needed, with symbol refs and before/after/full expansions",
      command: "tsift --envelope source-read <file> --start <line> --lines 80 --budget normal",
      yields: ["swin-*", "ssym-*", "gsym-*"],
      next_from: "report.expansions",
    },
    {
      name: "change and test impact",
      purpose: "what the current change touches, and the tests it affects",
      command: "tsift --envelope impact --budget normal",
      yields: ["changed symbols (file:line)", "test commands"],
      next_from: "follow_up",
    },
    {
      name: "digest expansion",
      purpose: "one bounded handoff of the diff, the test failures and the build log",
      command: "tsift --envelope context-pack <path> --test-input test.log --log-input build.log --budget normal",
      yields: ["csym-*", "digest commands"],
      next_from: "follow_up",
    },
  ];
  return {
    topic: "search",
    summary: "literal lookup → bounded search → explain/source-read through handles → digests, keeping every handle with the command that produced it",
    steps: steps.map((step, index) => ({ step: index + 1, ...step })),
    contract: [
      "Keep each handle together with the command, query, path and strategy that produced it.",
      "Run a result's `expand` or `follow_up` command for the next read instead of re-reading whole files, and cite the parent handle.",
      "Prefer the narrowest step that answers: exact before hybrid, source windows before whole files, digests before raw logs.",
    ],
  };
}
