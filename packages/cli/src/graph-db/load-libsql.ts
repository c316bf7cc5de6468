import { TsiftError } from "@tsift/core/light";

type LibsqlModule = typeof import("@tsift/libsql");

/** Node's error for a bare specifier that no node_modules provides. */
function isMissingPackage(error: unknown, name: string): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") && typeof message === "string" && message.includes(`'${name}'`);
}

/**
 * @tsift/libsql is an optional peer of the CLI: it brings libSQL's native binaries (about
 * 20 MB), which only `--backend libsql` and `backend-eval` use, so a plain install leaves
 * it out and the backend asks for it here.
 */
export async function loadLibsql(): Promise<LibsqlModule> {
  try {
    return await import("@tsift/libsql");
  } catch (error) {
    if (!isMissingPackage(error, "@tsift/libsql")) throw error;
    throw new TsiftError("unsupported", "the libSQL backend needs the optional package @tsift/libsql: npm install @tsift/libsql", {
      cause: error,
      hint: "npm install @tsift/libsql",
      details: { package: "@tsift/libsql" },
    });
  }
}
