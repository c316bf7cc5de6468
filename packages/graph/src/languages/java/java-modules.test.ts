import { describe, expect, it } from "vitest";
import { JAVA_MODULES } from "./java-modules";

describe("java module system", () => {
  const files = new Set([
    "src/main/java/com/acme/repo/Store.java",
    "src/main/java/com/acme/repo/Util.java",
    "src/main/java/com/acme/app/Main.java",
    "src/test/java/com/acme/repo/StoreTest.java",
    "README.md",
  ]);
  const packages = { empty: true, resolve: () => null };
  const resolve = (module: string, name: string | null) =>
    JAVA_MODULES.resolve({ fromFile: "src/main/java/com/acme/app/Main.java", module, name, files, packages });

  it("finds a class, a statically imported member's class and a nested type's outer class by path", () => {
    expect(resolve("com.acme.repo.Store", "Store")).toEqual(["src/main/java/com/acme/repo/Store.java"]);
    expect(resolve("com.acme.repo.Util.max", "max")).toEqual(["src/main/java/com/acme/repo/Util.java"]);
    expect(resolve("com.acme.repo.Store.Entry", "Entry")).toEqual(["src/main/java/com/acme/repo/Store.java"]);
  });

  it("gives a wildcard import the package directory's files, and nothing outside the index", () => {
    expect(resolve("com.acme.repo", "*")).toEqual(["src/main/java/com/acme/repo/Store.java", "src/main/java/com/acme/repo/Util.java"]);
    expect(resolve("java.util.List", "List")).toEqual([]);
    expect(resolve("java.util", "*")).toEqual([]);
    expect(JAVA_MODULES.directoryPackages).toBe(true);
  });
});
