import { TsiftError } from "@tsift/core/light";

/** `--limit`-style options: whole numbers >= 0 (0 = no cap). */
export function checkLimit(name: string, value: number, command: string): void {
  if (!Number.isInteger(value) || value < 0)
    throw new TsiftError("usage", `--${name} must be a whole number >= 0, got ${String(value)}`, { hint: `tsift ${command} --help` });
}
