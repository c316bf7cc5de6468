import { describe, expect, it } from "vitest";
import { buildOutputReason, highEntropyToken, pack, PACK_FORMATS, secretLineReason, secretPathReason } from "../src/index";
import { packProject, PACK_PROJECT } from "./pack-fixture";

// Assembled at run time so this file itself never holds a credential-shaped literal.
const AWS_KEY_ID = ["AKIA", "QYLPMN5HHHFPZAM2"].join("");
const GITHUB_TOKEN = ["ghp_", "wWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINUx"].join("");
const RANDOM_DEFAULT = ["Zx8Qp3Lr9Tb2", "Wn7Vc4Ym1Kd6Hs5Jf0Ga"].join("");

const PLANTED: Record<string, string> = {
  ...PACK_PROJECT,
  ".env": `AWS_ACCESS_KEY_ID=${AWS_KEY_ID}\n`,
  // Hidden, so the walk never indexes it; it must not surface either way.
  "src/.env.production.ts": `export const awsKey = "${AWS_KEY_ID}";\nexport function envConfig(): string {\n  return awsKey;\n}\n`,
  "src/cloud.ts": `import { readRecord } from "./store";\n\nconst key = "${AWS_KEY_ID}";\n\nexport function uploadRecord(id: string): string {\n  return readRecord(id).body + key;\n}\n`,
  "src/ci.ts": `export function ciToken(): string {\n  return "${GITHUB_TOKEN}";\n}\n`,
  "src/session.ts": `import { readRecord } from "./store";\n\nexport function openSession(seed = "${RANDOM_DEFAULT}"): string {\n  return readRecord(seed).id;\n}\n\nexport function closeSession(id: string): void {\n  readRecord(id);\n}\n`,
  "certs/server.key": "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\n-----END PRIVATE KEY-----\n",
  "dist/bundle.js": 'import { readRecord } from "../src/store.js";\nexport function distBundleEntry() {\n  return readRecord("x");\n}\n',
  "coverage/lcov-report/prettify.js": "export function coverageHelper() {\n  return 1;\n}\n",
  "out/app.min.js": "export function minifiedThing() {\n  return 2;\n}\n",
};

describe("pack keeps secrets and build output out", () => {
  it("never prints a planted credential, a .env file or build output, in any format, and says what it skipped", async () => {
    const root = packProject(PLANTED);
    for (const format of PACK_FORMATS) {
      const { data } = await pack({ cwd: root, budget: 8000, format, tokenMap: true });
      for (const leak of [AWS_KEY_ID, GITHUB_TOKEN, RANDOM_DEFAULT, "BEGIN PRIVATE KEY", "distBundleEntry", "coverageHelper", "minifiedThing", "envConfig"]) {
        expect(data.text).not.toContain(leak);
        expect(JSON.stringify(data)).not.toContain(leak);
      }
      for (const path of ["dist/", "coverage/", "out/app.min.js", ".env"]) expect(data.files.map((file) => file.path).join(" ")).not.toContain(path);
      // The clean files around them are still there.
      expect(data.files.map((file) => file.path)).toContain("src/store.ts");
      expect(data.text).toContain("closeSession");

      const reasons = Object.fromEntries(data.skipped.map((entry) => [entry.path, `${entry.reason}: ${entry.detail}`]));
      expect(reasons).toMatchObject({
        "src/cloud.ts": "secret_content: secretlint aws at line 3",
        "src/ci.ts": "secret_content: secretlint github at line 2",
        "src/session.ts": "secret_line: line 3: high-entropy token",
        "coverage/lcov-report/prettify.js": "build_output: coverage/",
        "out/app.min.js": "build_output: out/",
      });
      expect(data.skipped_total).toBe(data.skipped.length);
      expect(data.text).toContain({ md: "Skipped: 5: ", xml: "<skipped>5: ", json: '"skipped_total":5' }[format]);
    }
  });

  it("recognises credential paths, build output, known token shapes and high-entropy tokens", () => {
    expect(secretPathReason(".env")).toBe(".env*");
    expect(secretPathReason("config/.env.local")).toBe(".env*");
    expect(secretPathReason("deploy/prod.env")).toBe(".env*");
    expect(secretPathReason("keys/server.pem")).toBe("key or certificate");
    expect(secretPathReason("home/.ssh/id_ed25519")).toBe("ssh key");
    expect(secretPathReason("a/bundle.p12")).toBe("key or certificate");
    expect(secretPathReason("src/environment.ts")).toBeNull();
    expect(secretPathReason("src/keyboard.ts")).toBeNull();
    expect(buildOutputReason("packages/a/dist/index.js")).toBe("dist/");
    expect(buildOutputReason("target/debug/main.rs")).toBe("target/");
    expect(buildOutputReason("web/vendor.min.js")).toBe("*.min.js");
    expect(buildOutputReason("src/distance.ts")).toBeNull();
    expect(secretLineReason(`const k = "${AWS_KEY_ID}"`)).toBe("AWS access key id");
    expect(secretLineReason(`token: ${GITHUB_TOKEN}`)).toBe("GitHub token");
    expect(secretLineReason(["sk-proj-", "abcdefghijklmnopqrstuvwxyz0123"].join(""))).toBe("API key (sk-)");
    expect(secretLineReason(["xoxb-", "123456789012-abcdef"].join(""))).toBe("Slack token");
    expect(highEntropyToken(`seed = "${RANDOM_DEFAULT}"`)).toBe(RANDOM_DEFAULT);
    expect(highEntropyToken("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")).not.toBeNull();
    // Written names are not random, however long: no digits, or too little entropy.
    expect(secretLineReason("export function createCallResolverFromImportsAndScopes(input: ResolverInput): CallResolver")).toBeNull();
    expect(secretLineReason("export const DEFAULT_MAX_FILE_BYTES_FOR_INDEX_2026 = 16")).toBeNull();
    expect(secretLineReason("function parameterNumber10ForTheUserInterface2(x: Base64Encoder)")).toBeNull();
    // A real-looking 40-character secret key (random, generated for this test) is caught by entropy alone.
    expect(highEntropyToken(["wJalrXUtnFEMI/K7MDENG/", "bPxRfiCYzQ3v8Lm2Tn9k"].join(""))).not.toBeNull();
  });
});
