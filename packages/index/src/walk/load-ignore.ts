import { createRequire } from "node:module";
import type ignoreFactory from "ignore";

/**
 * The `ignore` factory, loaded with `require` (a CommonJS package: importing it from ESM
 * runs Node's export lexer, which costs read commands more start-up time than the walk).
 */
export const ignore = createRequire(import.meta.url)("ignore") as typeof ignoreFactory;
