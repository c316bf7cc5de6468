import { describe, expect, it } from "vitest";
import { QUERY_STOP_WORDS } from "./query-stop-words";
import { queryTerms } from "./query-terms";

describe("queryTerms", () => {
  it("lower-cases plain words and keeps first-appearance order", () => {
    expect(queryTerms("get user profile")).toEqual(["get", "user", "profile"]);
    expect(queryTerms("profile user get")).toEqual(["profile", "user", "get"]);
    expect(queryTerms("Parse JSON")).toEqual(["parse", "json"]);
  });

  it("adds the whole identifier before its parts when it has several", () => {
    expect(queryTerms("getUserName")).toEqual(["getusername", "get", "user", "name"]);
    expect(queryTerms("get_user_name")).toEqual(["get_user_name", "get", "user", "name"]);
    expect(queryTerms("XMLHttpRequest")).toEqual(["xmlhttprequest", "xml", "http", "request"]);
  });

  it("does not repeat a single-part identifier as its own whole", () => {
    expect(queryTerms("main")).toEqual(["main"]);
    expect(queryTerms("MAIN")).toEqual(["main"]);
  });

  it("deduplicates across tokens", () => {
    expect(queryTerms("validate user validateUser")).toEqual(["validate", "user", "validateuser"]);
    expect(queryTerms("user USER User")).toEqual(["user"]);
  });

  it("mixes prose and identifiers", () => {
    expect(queryTerms("find getUserName in user_store")).toEqual(["find", "getusername", "get", "user", "name", "in", "user_store", "store"]);
  });

  it("splits on punctuation that identifiers do not use", () => {
    expect(queryTerms("fs.readFile(path)")).toEqual(["fs", "readfile", "read", "file", "path"]);
    expect(queryTerms("crate::graph::Lang")).toEqual(["crate", "graph", "lang"]);
    expect(queryTerms("src/main.rs:12")).toEqual(["src", "main", "rs", "12"]);
    expect(queryTerms('"quoted" words, here!')).toEqual(["quoted", "words", "here"]);
  });

  it("trims joiners from token edges", () => {
    expect(queryTerms("__init__")).toEqual(["init"]);
    expect(queryTerms("-x- $y$")).toEqual(["x", "y"]);
    expect(queryTerms("--flag-name")).toEqual(["flag-name", "flag", "name"]);
  });

  it("keeps digits attached and keeps numbers", () => {
    expect(queryTerms("parse_json2_file error 404")).toEqual(["parse_json2_file", "parse", "json2", "file", "error", "404"]);
  });

  it("drops stand-alone stop words only when asked", () => {
    const text = "find the function that parses json";
    expect(queryTerms(text)).toEqual(["find", "the", "function", "that", "parses", "json"]);
    expect(queryTerms(text, { stopWords: QUERY_STOP_WORDS })).toEqual(["function", "parses", "json"]);
  });

  it("matches the README example", () => {
    expect(queryTerms("find getUserName in user_store", { stopWords: QUERY_STOP_WORDS })).toEqual([
      "getusername",
      "get",
      "user",
      "name",
      "user_store",
      "store",
    ]);
  });

  it("keeps stop words that are parts of an identifier", () => {
    expect(queryTerms("isReady of", { stopWords: QUERY_STOP_WORDS })).toEqual(["isready", "is", "ready"]);
  });

  it("returns [] for empty or punctuation-only text", () => {
    expect(queryTerms("")).toEqual([]);
    expect(queryTerms("  ... ;; () ")).toEqual([]);
  });

  it("is deterministic", () => {
    const text = "HTTPServer handleRequest http_server request handler";
    expect(queryTerms(text)).toEqual(queryTerms(text));
    expect(queryTerms(text)).toEqual(["httpserver", "http", "server", "handlerequest", "handle", "request", "http_server", "handler"]);
  });
});
