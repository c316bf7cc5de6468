import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { isTsiftError } from "@tsift/core";
import { redactLibsqlUrl, resolveLibsqlTarget } from "./libsql-target";

describe("resolveLibsqlTarget", () => {
  it("turns a plain path with URL-significant characters into a file URL that decodes back", () => {
    const path = join("/tmp", "a dir #1 ?x 100%", "graph.db");
    const target = resolveLibsqlTarget(path);
    expect(target).toEqual({ mode: "local", url: pathToFileURL(path).href, location: path, path });
    expect(target.url).not.toMatch(/[ #?]/u);
    expect(decodeURIComponent(new URL(target.url).pathname)).toBe(path);
  });

  it("resolves relative paths against the working directory", () => {
    expect(resolveLibsqlTarget("graph.db").path).toBe(join(process.cwd(), "graph.db"));
  });

  it("keeps file: URLs and reports their decoded path", () => {
    expect(resolveLibsqlTarget("file:///tmp/my%20graph.db")).toEqual({
      mode: "local",
      url: "file:///tmp/my%20graph.db",
      location: "/tmp/my graph.db",
      path: "/tmp/my graph.db",
    });
    expect(resolveLibsqlTarget("file:rel/graph.db").path).toBe(join(process.cwd(), "rel/graph.db"));
    expect(resolveLibsqlTarget("file://localhost/tmp/graph.db").path).toBe("/tmp/graph.db");
  });

  it("accepts in-memory databases", () => {
    for (const url of [":memory:", "file::memory:"]) expect(resolveLibsqlTarget(url)).toEqual({ mode: "local", url: ":memory:", location: ":memory:" });
  });

  it("treats a Windows drive letter as a path, not a scheme", () => {
    expect(resolveLibsqlTarget("C:\\graphs\\graph.db").mode).toBe("local");
  });

  it("recognizes every remote scheme and never puts credentials in the location", () => {
    for (const scheme of ["libsql", "http", "https", "ws", "wss"]) {
      const target = resolveLibsqlTarget(`${scheme}://db.example.com:8080/path?authToken=s3cret&tls=1#frag`);
      expect(target.mode).toBe("remote");
      expect(target.location).toBe(`${scheme}://db.example.com:8080/path`);
      expect(target.location).not.toMatch(/s3cret|pw|user/u);
    }
  });

  it("rejects unknown schemes, hostless remote URLs and empty input with invalid_input", () => {
    for (const bad of [
      "ftp://x/graph.db",
      "libsql:db",
      "https:///path",
      "libsql://user:pw@db.example.com",
      "file://server/share/graph.db",
      "",
      "file:",
      "file:/tmp/%E0%A4%A.db",
    ]) {
      expect(() => resolveLibsqlTarget(bad), bad).toThrow(expect.objectContaining({ code: "invalid_input" }));
    }
    try {
      resolveLibsqlTarget("libsql://user:s3cret@x.example.com");
    } catch (error) {
      expect(isTsiftError(error, "invalid_input") && !error.message.includes("s3cret")).toBe(true);
    }
  });
});

describe("redactLibsqlUrl", () => {
  it("drops user info, query and fragment", () => {
    expect(redactLibsqlUrl("libsql://tok@my-db.turso.io?authToken=abc")).toBe("libsql://my-db.turso.io");
    expect(redactLibsqlUrl("http://127.0.0.1:8080")).toBe("http://127.0.0.1:8080");
  });
});
