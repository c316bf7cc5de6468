import { describe, expect, it } from "vitest";

// A change to the public API of the `tsift` package shows up as a snapshot diff.
describe("public API of the tsift package", () => {
  it("main entry", async () => {
    expect(Object.keys(await import("../src/index")).sort()).toMatchSnapshot();
  });

  it("storage subpaths", async () => {
    expect(Object.keys(await import("../src/sqlite")).sort()).toMatchSnapshot();
  });
});
