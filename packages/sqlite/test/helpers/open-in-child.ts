// Run in a child by native-binding.test.ts: opens the database named by argv[2] and prints
// the error it gets as JSON ({} when it opens).
import { openSqliteConnection } from "../../src/sqlite-connection";

try {
  openSqliteConnection(process.argv[2]!).close();
  console.log("{}");
} catch (error) {
  const { code, message, hint, details } = error as { code?: string; message: string; hint?: string; details?: unknown };
  console.log(JSON.stringify({ code, message, hint, details }));
}
