import { describe, expect, it } from "vitest";
import { C_MODULES } from "./c-modules";

const NO_PACKAGES = { empty: true, resolve: () => null };
const files = new Set(["src/app/main.c", "src/app/config.h", "src/store/store.h", "include/mylib/api.h", "lib/a/util.h", "lib/b/util.h", "lib/a/main.c"]);
const resolve = (fromFile: string, module: string) => C_MODULES.resolve({ fromFile, module, name: "*", files, packages: NO_PACKAGES });

describe("C includes", () => {
  it("finds a quoted include beside the including file first", () => {
    expect(resolve("src/app/main.c", '"config.h"')).toEqual(["src/app/config.h"]);
    expect(resolve("src/app/main.c", '"../store/store.h"')).toEqual(["src/store/store.h"]);
  });

  it("finds an include as an include directory would, by the path's end", () => {
    expect(resolve("src/app/main.c", '"store/store.h"')).toEqual(["src/store/store.h"]);
    expect(resolve("src/app/main.c", "<mylib/api.h>")).toEqual(["include/mylib/api.h"]);
  });

  it("takes the nearest of several, and none when two are as near", () => {
    expect(resolve("lib/a/main.c", '"util.h"')).toEqual(["lib/a/util.h"]);
    expect(resolve("src/app/main.c", '"util.h"')).toEqual([]);
  });

  it("finds no system header and nothing outside the root", () => {
    expect(resolve("src/app/main.c", "<stdio.h>")).toEqual([]);
    expect(resolve("src/app/main.c", '"../../../etc/passwd"')).toEqual([]);
    expect(resolve("src/app/main.c", "</usr/include/stdio.h>")).toEqual([]);
  });
});
