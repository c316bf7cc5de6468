// `@tsift/digest/budget`: budgets and previews alone. Every read command renders its answer
// through these; loading the whole package (log, test and diff digests, an XML parser) for
// them would add about a tenth of a second to each `tsift symbols`.
export {
  autoPreset,
  BUDGET_CHOICES,
  BUDGET_PRESETS,
  CONTEXT_WINDOW_ENV,
  resolveBudget,
  type Budget,
  type BudgetChoice,
  type BudgetFlags,
  type BudgetPreset,
} from "./budget";
export { truncateBytes } from "./truncate-bytes";
export { applyPreview, previewSection, type PreviewSection, type PreviewSpec } from "./preview";
