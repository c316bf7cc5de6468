<?php
/**
 * PHP's own list of declarations, from its tokenizer (token_get_all with TOKEN_PARSE, so a
 * keyword used as a name is a name), independent of tsift. Reads file paths, one per line,
 * on standard input; prints one JSON object per declaration: {file, kind, name, line}.
 *
 * Kinds: namespace (its whole path), class (an anonymous one is `class@anonymous`),
 * interface, trait, enum, function, method, constructor (`__construct`), property (each
 * `$name` of a class-level declaration, and constructor parameters with a visibility or
 * `readonly`), const (constants, class constants, enum cases). A declaration's line is that
 * of its first token: an attribute or a modifier when it has one (the doc comment is not
 * part of it); the second and later names of one `const`/property list are on their own.
 * A file the tokenizer rejects is reported on standard error as {file, error} and skipped.
 */

const CLASS_LIKE = [T_CLASS => 'class', T_INTERFACE => 'interface', T_TRAIT => 'trait', T_ENUM => 'enum'];
const IGNORED = [T_WHITESPACE, T_COMMENT, T_DOC_COMMENT];

function declarations(string $file, string $code): array
{
    $tokens = [];
    foreach (token_get_all($code, TOKEN_PARSE) as $token) {
        $token = is_array($token) ? $token : [$token, $token, null];
        if (!in_array($token[0], IGNORED, true)) {
            $tokens[] = $token;
        }
    }
    // A string token has no line of its own: it is on the line of the token before it.
    $line = 1;
    foreach ($tokens as $i => $token) {
        if ($token[2] === null) {
            $tokens[$i][2] = $line;
        } else {
            $line = $token[2] + substr_count($token[1], "\n");
            $tokens[$i][2] = $token[2];
        }
    }

    $found = [];
    $add = function (string $kind, string $name, int $line) use (&$found, $file): void {
        $found[] = ['file' => $file, 'kind' => $kind, 'name' => $name, 'line' => $line];
    };
    // Open braces: what each one opened ('class', 'enum', 'function', 'other').
    $scopes = [];
    // What the next `{` opens when it comes at the current paren depth.
    $pending = null;
    $parens = 0;
    // The line of the first token of the current statement (attributes and modifiers included).
    $statementLine = null;
    // Inside `use …;` at namespace level: `function`/`const` there import, not declare.
    $inUse = false;
    // Constructor parameters: the paren depth of its list and the current parameter's first line and modifiers.
    $constructorParens = null;
    $parameterLine = null;
    $parameterPromoted = false;
    $count = count($tokens);
    // (a closure with a reference: an arrow function would capture the stack as it is now)
    $scope = function () use (&$scopes): string {
        return $scopes === [] ? 'top' : $scopes[count($scopes) - 1];
    };
    $previous = fn (int $i) => $i > 0 ? $tokens[$i - 1][0] : null;
    $nextName = function (int $i) use ($tokens, $count): ?array {
        for ($j = $i + 1; $j < $count; $j++) {
            if (in_array($tokens[$j][0], ['&', T_AMPERSAND_NOT_FOLLOWED_BY_VAR_OR_VARARG, T_AMPERSAND_FOLLOWED_BY_VAR_OR_VARARG], true)) {
                continue;
            }
            return $tokens[$j][0] === T_STRING ? $tokens[$j] : null;
        }
        return null;
    };

    for ($i = 0; $i < $count; $i++) {
        [$id, $text, $line] = $tokens[$i];
        $statementLine ??= $line;
        if ($constructorParens !== null && $parens === $constructorParens) {
            $parameterLine ??= $line;
            if (in_array($id, [T_PUBLIC, T_PROTECTED, T_PRIVATE, T_READONLY], true)) {
                $parameterPromoted = true;
            }
        }

        switch ($id) {
            case T_ATTRIBUTE:
                // Skip to the matching `]`.
                for ($depth = 1, $i++; $i < $count && $depth > 0; $i++) {
                    if ($tokens[$i][0] === '[' || $tokens[$i][0] === T_ATTRIBUTE) {
                        $depth++;
                    } elseif ($tokens[$i][0] === ']') {
                        $depth--;
                    }
                }
                $i--;
                continue 2;
            case T_OPEN_TAG:
            case T_OPEN_TAG_WITH_ECHO:
            case T_CLOSE_TAG:
            case T_INLINE_HTML:
            case ';':
                $statementLine = null;
                if ($parens === 0) {
                    $inUse = false;
                    $pending = null;
                }
                continue 2;
            case '(':
                $parens++;
                continue 2;
            case ')':
                if ($constructorParens !== null && $parens === $constructorParens) {
                    $constructorParens = null;
                }
                $parens--;
                continue 2;
            case '{':
            case T_CURLY_OPEN:
            case T_DOLLAR_OPEN_CURLY_BRACES:
                $scopes[] = $id === '{' && $pending !== null && $pending[1] === $parens ? $pending[0] : 'other';
                if ($id === '{') {
                    $pending = null;
                    $statementLine = null;
                }
                continue 2;
            case '}':
                array_pop($scopes);
                $statementLine = null;
                continue 2;
            case T_USE:
                if (in_array($scope(), ['top', 'namespace'], true) && $previous($i) !== ')') {
                    $inUse = true;
                }
                continue 2;
            case T_NAMESPACE:
                $next = $tokens[$i + 1] ?? null;
                if ($next !== null && in_array($next[0], [T_STRING, T_NAME_QUALIFIED], true)) {
                    $add('namespace', $next[1], $line);
                }
                $pending = ['namespace', $parens];
                continue 2;
        }

        if (isset(CLASS_LIKE[$id]) && !$inUse) {
            $before = $previous($i);
            if ($before === T_DOUBLE_COLON) {
                continue;
            }
            if ($id === T_CLASS && $before === T_NEW) {
                $add('class', 'class@anonymous', $line);
            } else {
                $name = $nextName($i);
                if ($name === null) {
                    continue;
                }
                $add(CLASS_LIKE[$id], $name[1], $statementLine);
            }
            $pending = [$id === T_ENUM ? 'enum' : 'class', $parens];
            continue;
        }

        if ($id === T_FUNCTION && !$inUse) {
            $name = $nextName($i);
            $pending = ['function', $parens];
            if ($name === null) {
                continue; // a closure
            }
            $inClass = in_array($scope(), ['class', 'enum'], true) && $parens === 0;
            $kind = $inClass ? (strtolower($name[1]) === '__construct' ? 'constructor' : 'method') : 'function';
            $add($kind, $name[1], $statementLine);
            if ($kind === 'constructor') {
                $constructorParens = $parens + 1;
                $parameterLine = null;
                $parameterPromoted = false;
            }
            continue;
        }

        if ($id === T_CONST && !$inUse && $parens === 0) {
            $first = true;
            for ($j = $i + 1, $depth = 0; $j < $count; $j++) {
                $t = $tokens[$j][0];
                if ($depth === 0 && $t === ';') {
                    break;
                }
                if (in_array($t, ['(', '[', '{'], true)) {
                    $depth++;
                } elseif (in_array($t, [')', ']', '}'], true)) {
                    $depth--;
                } elseif ($depth === 0 && $t === T_STRING && ($tokens[$j + 1][0] ?? null) === '=') {
                    $add('const', $tokens[$j][1], $first ? $statementLine : $tokens[$j][2]);
                    $first = false;
                }
            }
            $i = $j - 1;
            continue;
        }

        if ($id === T_CASE && $scope() === 'enum' && $parens === 0) {
            $name = $nextName($i);
            if ($name !== null) {
                $add('const', $name[1], $statementLine);
            }
            continue;
        }

        if ($id === T_VARIABLE) {
            if (in_array($scope(), ['class', 'enum'], true) && $parens === 0) {
                $before = $previous($i);
                $first = $before !== ',';
                $add('property', substr($text, 1), $first ? $statementLine : $line);
            } elseif ($constructorParens !== null && $parens === $constructorParens && $parameterPromoted) {
                $add('property', substr($text, 1), $parameterLine);
            }
            continue;
        }

        if ($id === ',' && $constructorParens !== null && $parens === $constructorParens) {
            $parameterLine = null;
            $parameterPromoted = false;
        }
    }
    return $found;
}

$out = fopen('php://stdout', 'w');
while (($file = fgets(STDIN)) !== false) {
    $file = rtrim($file, "\n");
    if ($file === '') {
        continue;
    }
    try {
        foreach (declarations($file, file_get_contents($file)) as $declaration) {
            fwrite($out, json_encode($declaration, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE) . "\n");
        }
    } catch (Throwable $error) {
        fwrite(STDERR, json_encode(['file' => $file, 'error' => $error->getMessage()], JSON_UNESCAPED_SLASHES) . "\n");
    }
}
