/**
 * What a pack must never carry: credentials and build output. Three screens, cheapest
 * first: the path (credential files, build directories), the file's content (secretlint's
 * recommended rules plus the well-known token shapes of `@tsift/core`; a hit keeps the whole file
 * out), and every line the pack would print (the prefixes again, plus high-entropy tokens;
 * a hit keeps that symbol out).
 */
import { secretShape } from "@tsift/core/light";

export { secretShape };

/** Credential-shaped file names: dotenv files, keys, certificates, keystores, auth files. */
const SECRET_NAMES: ReadonlyArray<[string, RegExp]> = [
  [".env*", /^\.env(\..*)?$|\.env$/i],
  ["key or certificate", /\.(pem|key|p8|p12|pfx|jks|keystore|crt|cer|der|asc|gpg|ovpn|kdbx)$/i],
  ["ssh key", /^id_(rsa|dsa|ecdsa|ed25519)(\.pub)?$/i],
  ["auth file", /^(\.npmrc|\.netrc|\.pgpass|\.htpasswd|\.git-credentials|credentials(\.json)?|secrets?\.(json|ya?ml|toml|ini))$/i],
];

/** Directories that hold generated output rather than source, wherever they appear. */
const BUILD_DIRS = new Set([
  "dist",
  "build",
  "target",
  "coverage",
  "out",
  ".next",
  ".nuxt",
  ".output",
  ".svelte-kit",
  ".turbo",
  "node_modules",
  "bower_components",
]);
const BUILD_FILES = /\.(min\.(js|mjs|cjs|css)|bundle\.(js|mjs)|map)$/i;

/** The credential pattern a path matches, or null. */
export function secretPathReason(path: string): string | null {
  const name = path.slice(path.lastIndexOf("/") + 1);
  for (const [label, pattern] of SECRET_NAMES) if (pattern.test(name)) return label;
  return null;
}

/** The build-output rule a path matches, or null. */
export function buildOutputReason(path: string): string | null {
  const parts = path.split("/");
  const dir = parts.slice(0, -1).find((part) => BUILD_DIRS.has(part));
  if (dir !== undefined) return `${dir}/`;
  const name = parts[parts.length - 1]!;
  const match = BUILD_FILES.exec(name);
  return match ? `*.${match[1]!.toLowerCase()}` : null;
}

/** Shannon entropy in bits per character. */
export function shannonEntropy(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let entropy = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    entropy -= p * Math.log2(p);
  }
  return entropy;
}

const TOKEN = /[A-Za-z0-9+/=_-]{24,}/g;

/**
 * A token that looks random rather than written: 24+ characters of base64/hex alphabet,
 * with ≥ 4.0 bits of entropy per character, mixing lower case, upper case and digits, and
 * switching between those classes at ≥ 45% of its characters (hex of 32+ characters needs
 * only digits and letters and ≥ 3.0 bits, its alphabet caps it at 4). Written names, even
 * long camelCase or CONSTANT_CASE ones with numbers, switch class only at word breaks.
 */
export function highEntropyToken(line: string): string | null {
  for (const [token] of line.matchAll(TOKEN)) {
    if (!/[0-9]/.test(token) || !/[A-Za-z]/.test(token)) continue;
    if (/^[0-9a-fA-F]+$/.test(token)) {
      if (token.length >= 32 && shannonEntropy(token) >= 3.0) return token;
      continue;
    }
    if (!/[a-z]/.test(token) || !/[A-Z]/.test(token)) continue;
    if (classSwitches(token) >= 0.45 * (token.length - 1) && shannonEntropy(token) >= 4.0) return token;
  }
  return null;
}

function classSwitches(token: string): number {
  const classOf = (char: string) => (char >= "a" && char <= "z" ? 0 : char >= "A" && char <= "Z" ? 1 : char >= "0" && char <= "9" ? 2 : 3);
  let switches = 0;
  for (let i = 1; i < token.length; i++) if (classOf(token[i]!) !== classOf(token[i - 1]!)) switches++;
  return switches;
}

/** Why a line the pack would print must stay out, or null. */
export function secretLineReason(line: string): string | null {
  const shape = secretShape(line);
  if (shape) return shape;
  return highEntropyToken(line) !== null ? "high-entropy token" : null;
}

/** The part of secretlint's rule API the recommended preset's rules use. */
interface SecretRule {
  meta: { id: string };
  create(context: SecretRuleContext, options: Record<string, unknown>): { file?(source: SecretSource): void | Promise<void> };
}
interface SecretRuleContext {
  report(descriptor: { message: { messageId?: string } | string; range: readonly [number, number] }): void;
  ignore(): void;
  createTranslator(): (messageId: string, data?: unknown) => { message: string; messageId: string; data?: unknown };
}
interface SecretSource {
  filePath: string;
  content: string;
  contentType: "text";
  ext: string;
}

/** Rule options: AWS access key ids are off by default in secretlint's AWS rule; a pack must catch them. */
const RULE_OPTIONS: Record<string, Record<string, unknown>> = { "@secretlint/secretlint-rule-aws": { enableIDScanRule: true } };
/** `secretlint-disable` comments do not let a credential into a pack. */
const SKIPPED_RULES = new Set(["@secretlint/secretlint-rule-filter-comments"]);

let scanner: Promise<SecretRule[]> | null = null;

/**
 * secretlint's recommended rules (@secretlint/secretlint-rule-preset-recommend), run by this
 * small host rather than @secretlint/core: core's always-on profiler records performance
 * marks per rule and file that are never cleared, and measuring between them gets slower
 * with every mark, which made scanning a thousand files take seconds.
 */
function loadScanner(): Promise<SecretRule[]> {
  scanner ??= import("@secretlint/secretlint-rule-preset-recommend").then((preset) =>
    (preset.rules as unknown as SecretRule[]).filter((rule) => !SKIPPED_RULES.has(rule.meta.id)),
  );
  return scanner;
}

/**
 * The first credential in a file's content (`<rule> at line N`), by secretlint's
 * recommended rules and the known shapes, or null when it is clean.
 */
export async function scanContent(path: string, content: string): Promise<string | null> {
  const rules = await loadScanner();
  const source: SecretSource = { filePath: path, content, contentType: "text", ext: path.includes(".") ? path.slice(path.lastIndexOf(".")) : "" };
  let first: { index: number; rule: string } | null = null;
  for (const rule of rules) {
    const context: SecretRuleContext = {
      report: ({ range }) => {
        if (!first || range[0] < first.index) first = { index: range[0], rule: rule.meta.id };
      },
      ignore: () => {},
      createTranslator: () => (messageId, data) => ({ message: messageId, messageId, data }),
    };
    try {
      await rule.create(context, RULE_OPTIONS[rule.meta.id] ?? {}).file?.(source);
    } catch {
      // A rule that cannot read this text (a PKCS#12 check on source code) has found nothing in it.
    }
  }
  const found = first as { index: number; rule: string } | null;
  if (found) return `${found.rule.replace(/^@secretlint\/secretlint-rule-/, "secretlint ")} at line ${lineAt(content, found.index)}`;
  const lines = content.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const shape = secretShape(lines[i]!);
    if (shape) return `${shape} at line ${i + 1}`;
  }
  return null;
}

function lineAt(content: string, index: number): number {
  let line = 1;
  for (let i = content.indexOf("\n"); i !== -1 && i < index; i = content.indexOf("\n", i + 1)) line++;
  return line;
}
