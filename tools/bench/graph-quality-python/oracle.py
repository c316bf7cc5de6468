"""The reference call graph for a Python corpus: what jedi says each call's callee is.

Run with Debian's python3 (python3-jedi 0.18.2):

    /usr/bin/python3 oracle.py CORPUS_DIR [--shard I/N]

Every `ast.Call` of every `.py` file under CORPUS_DIR whose callee is a name (`f(...)`) or an
attribute (`a.b.f(...)`) is one site. jedi resolves the called name (the identifier of `f`, the
attribute name of `a.b.f`) with `Script.goto(line, column, follow_imports=True)`; each
definition it returns is a target, reported by the file, line and name of its definition.
The corpus directory comes first on jedi's sys.path, so `import json` inside the corpus
resolves to the corpus copy and not to the interpreter's own stdlib. jedi answers some
stdlib names from its bundled typeshed stubs; such a target is mapped to the corpus's
definition of the same full name (`asyncio.base_events.BaseEventLoop.create_future`).

Output: one JSON object per line on stdout:
    {"file", "line", "callee", "targets": [{"file", "line", "name", "type"}] | null}
`targets` is null when jedi finds nothing, [] when everything it finds lies outside the
corpus (builtins, the interpreter's stdlib, typeshed stubs). Lines are 1-based; a site's
line is the line of the called name, which is where tsift records calls split over lines.
"""

import ast
import json
import os
import sys

import jedi


def corpus_files(root):
    files = []
    for current, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
        for name in names:
            if name.endswith(".py") and not name.startswith("."):
                files.append(os.path.join(current, name))
    return sorted(files)


def called_names(tree):
    """(line, column in bytes, name) of each call's called name."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name):
            yield func.lineno, func.col_offset, func.id
        elif isinstance(func, ast.Attribute) and func.end_lineno is not None:
            # The attribute name ends the expression: it starts len(attr) bytes before its end.
            yield func.end_lineno, func.end_col_offset - len(func.attr.encode("utf-8")), func.attr


def definitions_by_full_name(root, files):
    """`module.Class.method` -> (file, line) for every def, class and module-level name of the corpus.

    jedi answers stdlib names from its bundled typeshed stubs (`asyncio.base_events.pyi`) even
    when the corpus holds the module's source; the stub's full name locates the definition in
    the corpus, which is what jedi's own stub-to-source conversion does for `infer`.
    """
    table = {}
    for path in files:
        rel = os.path.relpath(path, root)
        module = rel[: -len(".py")].replace(os.sep, ".")
        if module.endswith(".__init__"):
            module = module[: -len(".__init__")]
        try:
            with open(path, encoding="utf-8") as handle:
                tree = ast.parse(handle.read(), path)
        except SyntaxError:
            continue

        def visit(body, prefix):
            for node in body:
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    name = f"{prefix}.{node.name}"
                    table.setdefault(name, (rel, node.lineno, node.name))
                    visit(node.body, name)
                elif isinstance(node, (ast.If, ast.Try)):
                    visit(node.body, prefix)
                    visit(node.orelse, prefix)
                    for handler in getattr(node, "handlers", []):
                        visit(handler.body, prefix)
                elif isinstance(node, ast.Assign):
                    for target in node.targets:
                        if isinstance(target, ast.Name):
                            table.setdefault(f"{prefix}.{target.id}", (rel, node.lineno, target.id))

        visit(tree.body, module)
    return table


def main():
    args = sys.argv[1:]
    root = os.path.realpath(args[0])
    shard, shards = 0, 1
    if "--shard" in args:
        shard, shards = (int(part) for part in args[args.index("--shard") + 1].split("/"))
    environment = jedi.InterpreterEnvironment()
    project = jedi.Project(root, sys_path=[root] + [p for p in sys.path if p and os.path.realpath(p) != root], smart_sys_path=False)
    out = sys.stdout
    files = corpus_files(root)
    by_full_name = definitions_by_full_name(root, files)
    for index, path in enumerate(files):
        if index % shards != shard:
            continue
        with open(path, encoding="utf-8") as handle:
            code = handle.read()
        try:
            tree = ast.parse(code, path)
        except SyntaxError:
            continue
        lines = code.splitlines()
        script = jedi.Script(code, path=path, project=project, environment=environment)
        rel = os.path.relpath(path, root)
        for line, byte_column, name in sorted(set(called_names(tree))):
            text = lines[line - 1].encode("utf-8")
            column = len(text[:byte_column].decode("utf-8", errors="replace"))
            try:
                definitions = script.goto(line, column, follow_imports=True)
            except Exception:  # jedi's own failures leave the site unjudged
                definitions = []
            targets = []
            for definition in definitions:
                module_path = definition.module_path
                if module_path is None or definition.line is None:
                    continue
                module_path = os.path.realpath(str(module_path))
                if module_path.startswith(root + os.sep) and module_path.endswith(".py"):
                    targets.append({"file": os.path.relpath(module_path, root), "line": definition.line, "name": definition.name, "type": definition.type})
                    continue
                # A stub or another copy of a corpus module: the corpus's definition of that full name.
                found = by_full_name.get(definition.full_name or "")
                if found:
                    targets.append({"file": found[0], "line": found[1], "name": found[2], "type": definition.type, "via": "full_name"})
            out.write(json.dumps({"file": rel, "line": line, "callee": name, "targets": targets if targets or definitions else None}) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
