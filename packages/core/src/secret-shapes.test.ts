import { describe, expect, it } from "vitest";
import { SECRET_SHAPES, SecretMasker, secretShape } from "./secret-shapes";

// Credential-shaped strings are assembled here so none sits in the repository as a literal.
const github = "ghp" + "_" + "x".repeat(36);
const aws = "AKIA" + "ABCDEFGHIJKLMNOP";

describe("secretShape", () => {
  it("names the shape of a known credential and passes ordinary code", () => {
    expect(secretShape(`token = "${github}"`)).toBe("GitHub token");
    expect(secretShape(`id=${aws}`)).toBe("AWS access key id");
    expect(secretShape("const skipped = askUser(task);")).toBeNull();
  });
});

describe("SecretMasker", () => {
  it("masks every shape it knows, several on one line, and counts them", () => {
    const masker = new SecretMasker();
    expect(masker.maskLines(`a ${github} b ${aws} c\n`)).toBe("a [masked GitHub token] b [masked AWS access key id] c\n");
    expect(masker.masked).toBe(2);
  });

  it("masks a private-key block from BEGIN to END, across calls, and nothing after it", () => {
    const masker = new SecretMasker();
    const begin = "-----BEGIN OPENSSH " + "PRIVATE KEY-----";
    const end = "-----END OPENSSH " + "PRIVATE KEY-----";
    const first = masker.maskLines(`before\n${begin}\nAAAAB3Nza\n`);
    const second = masker.maskLines(`C1yc2EAAAA\n${end}\nafter\n`);
    expect(first + second).toBe("before\n[masked private key]\n[masked private key]\n[masked private key]\n[masked private key]\nafter\n");
  });

  it("leaves text without any credential untouched, byte for byte", () => {
    const text = "café ✓ ordinary output, sk- alone, AKIA short\n";
    expect(new SecretMasker().maskLines(text)).toBe(text);
  });

  it("has one label per shape", () => {
    expect(new Set(SECRET_SHAPES.map(([label]) => label)).size).toBe(SECRET_SHAPES.length);
  });
});
