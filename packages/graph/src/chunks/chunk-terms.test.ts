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
