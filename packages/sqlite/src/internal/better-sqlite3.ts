import { createRequire } from "node:module";
import type Database from "better-sqlite3";

/**
 * The better-sqlite3 constructor, loaded with `require`: it is a CommonJS package, and
 * importing CommonJS from ESM runs Node's export lexer over it first, which costs a
 * read command more start-up time (~30 ms) than opening the database.
 */
export const BetterSqlite3 = createRequire(import.meta.url)("better-sqlite3") as typeof Database;
