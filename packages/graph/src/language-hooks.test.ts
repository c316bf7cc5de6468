import { describe, expect, it } from "vitest";
import { LANGUAGES, moduleSystemOf, testConventionsOf } from "./language-registry";
import { JS_EXTENSIONS, JS_MODULES } from "./languages/typescript/js-modules";
import { RELATIVE_MODULES } from "./relative-modules";

// The hooks a language plugs into the engines (see language-hooks.ts), held to the registry.
describe("language hooks", () => {
  it("probes exactly the extensions of the languages that resolve imports like JavaScript", () => {
    const registered = LANGUAGES.filter((language) => language.moduleSystem?.resolve === JS_MODULES.resolve).flatMap((language) =>
      language.extensions.map((extension) => `.${extension}`),
    );
    expect([...JS_EXTENSIONS].sort()).toEqual(registered.sort());
  });

  it("gives a language declaring the relative module system the built-in resolver", () => {
    for (const language of LANGUAGES) {
      if (language.moduleSystem === undefined && language.resolution.modules === "relative") expect(moduleSystemOf(language.id)).toBe(RELATIVE_MODULES);
    }
    expect(
      RELATIVE_MODULES.resolve({
        fromFile: "scripts/run.sh",
        module: '"./lib.sh"',
        name: null,
        files: new Set(["scripts/lib.sh"]),
        packages: { empty: true, resolve: () => null },
      }),
    ).toEqual(["scripts/lib.sh"]);
    expect(moduleSystemOf("no-such-language")).toBeNull();
  });

  it("compiles every test pattern, and claims no rg type twice", () => {
    for (const language of LANGUAGES) {
      const tests = testConventionsOf(language.id);
      for (const source of [...(tests?.files ?? []), ...(tests?.support ?? []), ...(tests?.markers ?? [])]) expect(() => new RegExp(source, "u")).not.toThrow();
      if (tests?.command) expect(tests.runners.length, `${language.id} names its runners`).toBeGreaterThan(0);
    }
    const rgTypes = LANGUAGES.flatMap((language) => language.rgTypes ?? []);
    expect(new Set(rgTypes).size).toBe(rgTypes.length);
  });
});
