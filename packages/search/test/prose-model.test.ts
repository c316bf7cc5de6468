import { describe, expect, it } from "vitest";
import { searchProject, SHIPPED_MODEL } from "../src/index";
import { indexedProject } from "./fixture";

// No PATH: nothing can be spawned, let alone fetched; the model is read from the package.
const env = { PATH: "", TSIFT_EXACT_BACKEND: "scan" };

/** Small functions in two languages, one per file, none documented: only names, code and paths speak. */
const FILES: Record<string, string> = {
  "uploads/retry.py": [
    "import time",
    "",
    "def upload_with_retry(client, path, attempts=5):",
    "    delay = 0.5",
    "    for attempt in range(attempts):",
    "        try:",
    "            return client.put(path)",
    "        except ConnectionError:",
    "            time.sleep(delay)",
    "            delay *= 2",
    "    raise UploadFailed(path)",
    "",
  ].join("\n"),
  "text/slug.py": ["import re", "", "def slugify(title):", "    text = re.sub(r'[^a-z0-9]+', '-', title.lower())", "    return text.strip('-')", ""].join("\n"),
  "mathx/lcm.py": ["import math", "", "def lcm(a, b):", "    return a * b // math.gcd(a, b)", ""].join("\n"),
  "auth/hash.py": [
    "import hashlib, os",
    "",
    "def hash_password(password, salt=None):",
    "    salt = salt or os.urandom(16)",
    "    digest = hashlib.pbkdf2_hmac('sha256', password.encode(), salt, 100_000)",
    "    return salt + digest",
    "",
  ].join("\n"),
  "config/env.ts": [
    "export function readPort(env: NodeJS.ProcessEnv): number {",
    "  const raw = env.PORT ?? '8080';",
    "  const port = Number.parseInt(raw, 10);",
    "  if (!Number.isInteger(port)) throw new Error(`bad PORT ${raw}`);",
    "  return port;",
    "}",
    "",
  ].join("\n"),
  "fs/walk.ts": [
    "import { readdirSync } from 'node:fs';",
    "import { join } from 'node:path';",
    "",
    "export function listFiles(dir: string): string[] {",
    "  const out: string[] = [];",
    "  for (const entry of readdirSync(dir, { withFileTypes: true })) {",
    "    const path = join(dir, entry.name);",
    "    if (entry.isDirectory()) out.push(...listFiles(path));",
    "    else out.push(path);",
    "  }",
    "  return out;",
    "}",
    "",
  ].join("\n"),
};

describe("prose search with the shipped code model", () => {
  it.each([
    ["retry a failed upload with exponential backoff", "upload_with_retry"],
    ["turn a title into a url friendly string", "slugify"],
    ["derive a salted key from a password", "hash_password"],
    ["read the port number from the environment", "readPort"],
  ])("answers %j with %s first, offline, through the hybrid default", async (query, expected) => {
    const { root } = await indexedProject(FILES);
    const { data, notes } = await searchProject({ query, cwd: root, env });
    expect(notes).toEqual([]);
    expect(data.strategy).toBe("hybrid");
    expect(data.encoder).toMatch(new RegExp(`^model2vec:${SHIPPED_MODEL}:[0-9a-f]{12}$`));
    expect(data.results?.[0]?.symbol).toBe(expected);
    expect(data.results?.[0]?.why).toContain("model");
  });

  // The hybrid answer to this query puts readPort first (`isInteger` is BM25F's only match and
  // ranks first there); the model alone finds lcm, which shares no word with it.
  it("finds code that shares no word with the query, which BM25 alone cannot", async () => {
    const { root } = await indexedProject(FILES);
    const query = "least common multiple of two integers";
    const lexical = await searchProject({ query, cwd: root, env, strategy: "lexical" });
    expect((lexical.data.results ?? []).map((item) => item.symbol)).not.toContain("lcm");
    const model = await searchProject({ query, cwd: root, env, strategy: "semantic" });
    expect(model.data.results?.[0]).toMatchObject({ symbol: "lcm", path: "mathx/lcm.py", why: "model+def" });
  });
});
