/**
 * A usage error for a definition's own checks. @tsift/core is imported only when one is
 * raised, so loading the definitions (as `tsift --help` does) loads no package.
 */
export async function usageError(message: string, hint: string): Promise<Error> {
  const { TsiftError } = await import("@tsift/core/light");
  return new TsiftError("usage", message, { hint });
}
