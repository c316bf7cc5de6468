import { describe, expect, it } from "vitest";
import { splitIdentifier } from "./split-identifier";

describe("splitIdentifier", () => {
  it.each([
    // camelCase and PascalCase
    ["getUserName", ["get", "user", "name"]],
    ["personName", ["person", "name"]],
    ["PersonName", ["person", "name"]],
    ["parse", ["parse"]],
    ["Parse", ["parse"]],
    // snake_case, kebab-case, SCREAMING_CASE
    ["get_user_name", ["get", "user", "name"]],
    ["person_name", ["person", "name"]],
    ["get-user-name", ["get", "user", "name"]],
    ["MAX_SIZE", ["max", "size"]],
    ["MAX", ["max"]],
    ["SCREAMING_SNAKE_CASE_2", ["screaming", "snake", "case", "2"]],
    // mixed conventions
    ["createContext_auth", ["create", "context", "auth"]],
    ["__init__", ["init"]],
    ["_private", ["private"]],
    ["some__double__under", ["some", "double", "under"]],
    ["data-testId", ["data", "test", "id"]],
    // acronyms
    ["getHTTPResponse", ["get", "http", "response"]],
    ["XMLHttpRequest", ["xml", "http", "request"]],
    ["HTMLElement", ["html", "element"]],
    ["parseXMLFile", ["parse", "xml", "file"]],
    ["IOError", ["io", "error"]],
    ["userID", ["user", "id"]],
    ["ABox", ["a", "box"]],
    ["URL", ["url"]],
    ["toJSON", ["to", "json"]],
    ["iOS", ["i", "os"]],
    // digits stay with what precedes them
    ["parse_json2_file", ["parse", "json2", "file"]],
    ["auth0", ["auth0"]],
    ["auth0Client", ["auth0", "client"]],
    ["HTTP2Server", ["http2", "server"]],
    ["utf8Decode", ["utf8", "decode"]],
    ["base64ToHex", ["base64", "to", "hex"]],
    ["v2Api", ["v2", "api"]],
    ["sha256sum", ["sha256sum"]],
    ["Vec3", ["vec3"]],
    ["x86_64", ["x86", "64"]],
    ["3dModel", ["3d", "model"]],
    ["404", ["404"]],
    // separators other than _ and -
    ["crate::module::Item", ["crate", "module", "item"]],
    ["fs.readFile", ["fs", "read", "file"]],
    ["$scope", ["scope"]],
    ["jQuery$", ["j", "query"]],
    ["src/main.rs", ["src", "main", "rs"]],
    ["get user name", ["get", "user", "name"]],
    // unicode letters
    ["größeBerechnen", ["größe", "berechnen"]],
    ["ÜberKlasse", ["über", "klasse"]],
    ["naïve_café", ["naïve", "café"]],
  ] as const)("%s", (input, expected) => {
    expect(splitIdentifier(input)).toEqual(expected);
  });

  it("gives the same parts for every naming style", () => {
    const expected = ["get", "user", "profile"];
    for (const input of ["getUserProfile", "GetUserProfile", "get_user_profile", "get-user-profile", "GET_USER_PROFILE"]) {
      expect(splitIdentifier(input)).toEqual(expected);
    }
  });

  it("keeps repeated parts in order", () => {
    expect(splitIdentifier("get_get")).toEqual(["get", "get"]);
    expect(splitIdentifier("userUser")).toEqual(["user", "user"]);
  });

  it("returns [] when there is nothing to split", () => {
    expect(splitIdentifier("")).toEqual([]);
    expect(splitIdentifier("___")).toEqual([]);
    expect(splitIdentifier("-- ::")).toEqual([]);
  });

  it("always returns lower-case, separator-free parts", () => {
    for (const input of ["getHTTPResponse", "MAX_SIZE", "XMLHttpRequest", "a-B_c.D"]) {
      for (const part of splitIdentifier(input)) {
        expect(part).toBe(part.toLowerCase());
        expect(part).toMatch(/^[\p{L}\p{N}]+$/u);
      }
    }
  });

  it("handles astral-plane letters without splitting surrogate pairs", () => {
    // Mathematical bold capitals are \p{Lu} outside the BMP; cutting by UTF-16
    // index would split them in half.
    expect(splitIdentifier("𝐀𝐁c")).toEqual(["𝐀", "𝐁c"]);
    expect(splitIdentifier("𝐀𝐁")).toEqual(["𝐀𝐁"]);
  });

  it("splits ASCII text exactly as the Unicode rules do", () => {
    // A trailing non-ASCII separator (U+00B7, punctuation) forces the Unicode path without adding a part.
    const alphabet = "aAbBzZ09_-$.:xXyY  HTTPServer";
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (let n = 0; n < 2000; n++) {
      let input = "";
      for (let length = next() % 24; length > 0; length--) input += alphabet[next() % alphabet.length];
      expect(splitIdentifier(input), input).toEqual(splitIdentifier(`${input}\u00b7`));
    }
  });
});
