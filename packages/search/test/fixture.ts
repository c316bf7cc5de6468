import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import { afterAll } from "vitest";
import { indexLocation, updateIndex } from "@tsift/index";

/** A small multi-language project, indexed for real (index.db with chunks and FTS). */
export const FIXTURE: Record<string, string> = {
  "src/retry.ts": [
    "/**",
    " * Retries a failing operation with exponential backoff: the delay doubles",
    " * after every attempt, up to maxAttempts.",
    " */",
    "export async function retryWithBackoff<T>(operation: () => Promise<T>, maxAttempts = 5): Promise<T> {",
    "  let delay = 100;",
    "  for (let attempt = 1; ; attempt++) {",
    "    try {",
    "      return await operation();",
    "    } catch (error) {",
    "      if (attempt >= maxAttempts) throw error;",
    "      await sleep(delay);",
    "      delay *= 2;",
    "    }",
    "  }",
    "}",
    "",
    "function sleep(ms: number): Promise<void> {",
    "  return new Promise((resolve) => setTimeout(resolve, ms));",
    "}",
    "",
  ].join("\n"),
  "src/users.ts": [
    "export interface UserProfile {",
    "  id: string;",
    "  displayName: string;",
    "}",
    "",
    "/** Looks a user's display name up in the store. */",
    "export function getUserName(store: Map<string, UserProfile>, id: string): string | undefined {",
    "  return store.get(id)?.displayName;",
    "}",
    "",
    "export function setUserName(store: Map<string, UserProfile>, id: string, name: string): void {",
    "  const profile = store.get(id);",
    "  if (profile) profile.displayName = name;",
    "}",
    "",
    "export function getHTTPResponse(url: string): Promise<Response> {",
    "  return fetch(url);",
    "}",
    "",
  ].join("\n"),
  "tools/cache.py": [
    "def get_user_name(user_id):",
    '    """Reads the user name from the cache."""',
    "    return CACHE.get(user_id)",
    "",
    "",
    "def set_user_name(user_id, name):",
    "    CACHE[user_id] = name",
    "",
    "",
    "def get_cached_user_name(user_id):",
    "    return CACHE.get(user_id)",
    "",
    "",
    "def user_id():",
    "    return 0",
    "",
    "",
    "def main():",
    "    print(get_user_name(user_id()))",
    "",
  ].join("\n"),
  "test/retry.test.ts": 'import { retryWithBackoff } from "../src/retry";\nretryWithBackoff(async () => 1);\n',
};

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

export function writeTree(root: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

export async function indexedProject(
  files: Record<string, string> = FIXTURE,
): Promise<{ root: string; dbPath: string; open(readonly?: boolean): Database.Database }> {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "tsift-search-")));
  dirs.push(root);
  writeTree(root, files);
  const location = indexLocation(root);
  await updateIndex(location);
  return { root, dbPath: location.dbPath, open: (readonly = true) => new Database(location.dbPath, { readonly }) };
}
