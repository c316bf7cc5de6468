/**
 * Well-known credential shapes: what tsift never repeats. `pack` keeps a file or symbol
 * holding one out of its answer; `tsift run` masks them in the transcript it stores and
 * so in every digest read from it. Each pattern is anchored on a vendor prefix, so a
 * match is a credential with few false alarms (random-looking text alone is not enough).
 */
export const SECRET_SHAPES: ReadonlyArray<readonly [label: string, pattern: RegExp]> = [
  ["AWS access key id", /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|A3T[A-Z0-9])[A-Z0-9]{16}\b/],
  ["GitHub token", /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})/],
  ["API key (sk-)", /\bsk-(?:proj-|ant-|live-)?[A-Za-z0-9_-]{20,}/],
  ["Slack token", /\bxox[abposr]-[A-Za-z0-9-]{10,}/],
  ["Google API key", /\bAIza[0-9A-Za-z_-]{35}/],
  ["GitLab token", /\bglpat-[A-Za-z0-9_-]{20,}/],
  ["npm token", /\bnpm_[A-Za-z0-9]{36}\b/],
  ["Stripe key", /\b[rs]k_live_[A-Za-z0-9]{20,}/],
  ["private key", /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----/],
];

const PRIVATE_KEY_END = /-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----/;
const GLOBAL_SHAPES = SECRET_SHAPES.map(([label, pattern]) => [label, new RegExp(pattern.source, "g")] as const);

/** The first credential shape a text holds, or null. */
export function secretShape(text: string): string | null {
  for (const [label, pattern] of SECRET_SHAPES) if (pattern.test(text)) return label;
  return null;
}

/** What a masked credential is replaced with: its kind, never a character of it. */
export function secretMask(label: string): string {
  return `[masked ${label}]`;
}

/**
 * Masks credentials in a stream of complete lines, fed in order: every token shape is
 * replaced by `secretMask(label)`, and a private-key block is replaced from its BEGIN line
 * to its END line, whichever calls those lines arrive in.
 */
export class SecretMasker {
  private inKeyBlock = false;
  /** Credentials masked so far. */
  masked = 0;

  /** `text` is whole lines (it ends at a line break, or is the stream's last piece). */
  maskLines(text: string): string {
    if (!this.inKeyBlock && !mayHoldSecret(text)) return text;
    const lines = text.split("\n");
    for (let at = 0; at < lines.length; at++) lines[at] = this.maskLine(lines[at]!);
    return lines.join("\n");
  }

  private maskLine(line: string): string {
    if (this.inKeyBlock) {
      if (PRIVATE_KEY_END.test(line)) this.inKeyBlock = false;
      return line === "" ? line : secretMask("private key");
    }
    let out = line;
    for (const [label, pattern] of GLOBAL_SHAPES) {
      out = out.replace(pattern, () => {
        this.masked++;
        if (label === "private key") this.inKeyBlock = true;
        return secretMask(label);
      });
    }
    if (this.inKeyBlock && PRIVATE_KEY_END.test(line)) this.inKeyBlock = false;
    return out;
  }
}

/** A cheap pre-test: every shape holds one of these substrings, so text without any is clean. */
function mayHoldSecret(text: string): boolean {
  return /AKIA|ASIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|A3T|gh[pousr]_|github_pat_|sk-|xox|AIza|glpat-|npm_|k_live_|PRIVATE KEY/.test(text);
}
