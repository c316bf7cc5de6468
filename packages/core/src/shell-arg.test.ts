import { describe, expect, it } from "vitest";
import { shellArg } from "./shell-arg";

describe("shellArg", () => {
  it("leaves plain words alone and single-quotes the rest", () => {
    expect(shellArg("src/a-b_c.ts")).toBe("src/a-b_c.ts");
    expect(shellArg("my file.ts")).toBe("'my file.ts'");
    expect(shellArg("my file's.ts")).toBe("'my file'\\''s.ts'");
    expect(shellArg("$HOME")).toBe("'$HOME'");
  });
});
