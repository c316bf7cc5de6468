import { LANGS, langInfo } from "@tsift/graph/langs";
import { describe, expect, it } from "vitest";
import { family, resolutionOf } from "./resolver-tables";

// The resolver's per-language facts come from the language definitions in @tsift/graph:
// these fail when a registered language has no model here, or when a table of this
// package names a language or extension that is not registered.
describe("resolution models", () => {
  it.each([...LANGS])("%s resolves by its declared model", (lang) => {
    const declared = langInfo(lang).resolution;
    const model = resolutionOf(lang);
    expect(model).toMatchObject(declared);
    expect([...model.self]).toEqual([...declared.selfReceivers]);
    expect(family(lang)).toBe(declared.family);
  });

  it("gives a language this build does not know its own family and no scoping", () => {
    expect(resolutionOf("cobol")).toMatchObject({
      family: "cobol",
      modules: "none",
      implicitReceiver: false,
      importScope: "never",
      detachedMembers: false,
      typedThis: false,
    });
    expect([...resolutionOf("cobol").self]).toEqual(["this", "self"]);
  });
});
