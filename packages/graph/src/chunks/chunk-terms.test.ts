import { describe, expect, it } from "vitest";
import { identifierTerms, nameTerms, pathTerms } from "./chunk-terms";

describe("chunk enrichment terms", () => {
  it("adds parts and joined forms of compound identifiers only", () => {
    expect(identifierTerms("const r = getHTTPResponse(user_name); run(x)")).toBe("gethttpresponse get http response username user name");
  });

  it("splits qualified names and paths", () => {
    expect(nameTerms(["Store.getUser"])).toBe("store getuser get user");
    expect(pathTerms("src/http-api/HttpApiBuilder.ts")).toBe("src httpapi http api httpapibuilder builder");
  });
});

describe("identifierTerms on ASCII and Unicode text", () => {
  it("gives the same terms on both paths", () => {
    // A trailing non-ASCII character outside any identifier sends the text down the Unicode path.
    const samples = [
      "const r = getHTTPResponse(user_name); run(x)",
      "export const flatMap: { <A, B>(f: (a: A) => Effect<B>): Effect<B> } = dual(2, (self, f) => self.pipe(Stream_map(f)))",
      "9lives $scope __init__ data-testId a-b- _x X1Y2z Foo.barBaz 123abcDef IOError",
      "",
    ];
    for (const sample of samples) expect(identifierTerms(sample), sample).toBe(identifierTerms(`${sample} \u00b7`));
  });
});
