// Run in a child by native-binding.test.ts: parses a line of Python and prints the error it
// gets as JSON ({} when it parses).
import { parseSource } from "../../src/parser-registry";

try {
  parseSource("python", "x = 1\n");
  console.log("{}");
} catch (error) {
  const { code, message, hint, details } = error as { code?: string; message: string; hint?: string; details?: unknown };
  console.log(JSON.stringify({ code, message, hint, details }));
}
