import { describe, expect, it } from "vitest";
import { TsiftError } from "@tsift/core";
import { toTsiftError, type ErrorContext } from "./to-tsift-error";

const local: ErrorContext = { location: "/tmp/graph.db", remote: false, readOnly: false, phase: "statement" };
const remote: ErrorContext = { location: "libsql://db.example.com", remote: true, readOnly: false, phase: "statement", secret: "tok-123" };

function driverError(message: string, fields: Record<string, unknown>, cause?: Error): Error {
  return Object.assign(new Error(message, cause ? { cause } : undefined), fields);
}

describe("toTsiftError", () => {
  it("maps SQLite result codes to tsift codes", () => {
    expect(toTsiftError(driverError("SQLITE_BUSY: database is locked", { code: "SQLITE_BUSY" }), local).code).toBe("lock_held");
    expect(toTsiftError(driverError("locked", { code: "SQLITE_LOCKED_SHAREDCACHE" }), local).code).toBe("lock_held");
    expect(toTsiftError(driverError("file is not a database", { code: "SQLITE_NOTADB" }), local).code).toBe("corrupt_data");
    expect(toTsiftError(driverError("readonly", { code: "SQLITE_READONLY" }), local).code).toBe("read_only");
    expect(toTsiftError(driverError("boom", { code: "SQLITE_CONSTRAINT_TRIGGER" }), local).code).toBe("backend_error");
  });

  it("reads the native open failure's numeric code; CANTOPEN is not_found only for a read-only open", () => {
    const cantOpen = new Error('ConnectionFailed("Unable to open connection to local database /tmp/x.db: 14")');
    expect(toTsiftError(cantOpen, { ...local, readOnly: true, phase: "open" }).code).toBe("not_found");
    expect(toTsiftError(cantOpen, { ...local, phase: "open" }).code).toBe("io_error");
    expect(toTsiftError(new Error('ConnectionFailed("Unable to open connection to local database /tmp/x.db: 26")'), local).code).toBe("corrupt_data");
  });

  it("maps transport failures, refused statements and bad URLs on remote servers", () => {
    const fetchFailed = new TypeError("fetch failed", { cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" }) });
    const mapped = toTsiftError(fetchFailed, remote);
    expect(mapped.code).toBe("backend_error");
    expect(mapped.message).toBe("cannot reach libSQL server libsql://db.example.com: fetch failed: connect ECONNREFUSED 127.0.0.1:1");
    expect(toTsiftError(driverError("SERVER_ERROR: Server returned HTTP status 401", { code: "SERVER_ERROR" }), remote).hint).toMatch(/auth token/u);
    expect(toTsiftError(driverError("SQL_PARSE_ERROR: unsupported statement: CREATE TEMP TABLE x (a)", { code: "SQL_PARSE_ERROR" }), remote).code).toBe(
      "unsupported",
    );
    expect(toTsiftError(driverError("URL_INVALID: bad", { code: "URL_INVALID" }), remote).code).toBe("invalid_input");
  });

  it("never lets a token, URL user info or an authToken parameter through", () => {
    const leaky = driverError("failed for https://user:pw@db.example.com/v2?authToken=abc&x=1 with tok-123", { code: "SERVER_ERROR" });
    const message = toTsiftError(leaky, remote).message;
    expect(message).not.toMatch(/tok-123|pw@|authToken=abc/u);
    expect(message).toContain("https://db.example.com/v2?authToken=<redacted>&x=1");
  });

  it("keeps a repeated cause message once and passes TsiftErrors through", () => {
    const cause = new Error("no such table: nope");
    expect(toTsiftError(driverError("SQLITE_ERROR: no such table: nope", { code: "SQLITE_ERROR" }, cause), local).message).toBe(
      "libSQL /tmp/graph.db: SQLITE_ERROR: no such table: nope",
    );
    const own = new TsiftError("invalid_input", "mine");
    expect(toTsiftError(own, local)).toBe(own);
  });
});
