const ESCAPES: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, "\\": 92 };

/**
 * A path as git prints it in patch headers: C-quoted (`"a\tb\303\251"`) when it holds control
 * characters, quotes or backslashes, else verbatim. Octal escapes are bytes, so the result is
 * decoded as UTF-8 the same way NUL-separated (`-z`) output is.
 */
export function unquoteGitPath(text: string): string {
  if (text.length < 2 || !text.startsWith('"') || !text.endsWith('"')) return text;
  const bytes: number[] = [];
  const body = Buffer.from(text.slice(1, -1), "utf8");
  for (let i = 0; i < body.length; i++) {
    const byte = body[i]!;
    if (byte !== 92 || i + 1 >= body.length) {
      bytes.push(byte);
      continue;
    }
    const next = String.fromCharCode(body[i + 1]!);
    const octal = /^[0-3][0-7][0-7]$/.exec(body.subarray(i + 1, i + 4).toString("latin1"));
    if (octal) {
      bytes.push(Number.parseInt(octal[0], 8));
      i += 3;
    } else if (ESCAPES[next] !== undefined) {
      bytes.push(ESCAPES[next]);
      i += 1;
    } else {
      bytes.push(byte);
    }
  }
  return Buffer.from(bytes).toString("utf8");
}
