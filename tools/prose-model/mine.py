"""Mine doc-comment -> code pairs for the tsift-code model.

    python3 tools/prose-model/mine.py [--data /tmp/prose-model-data]

Sources (pinned below; a different installed version is reported, not silently mixed in):
- Python: Debian python3-* packages, their files under /usr/lib/python3/dist-packages as
  `dpkg -L` lists them. Licence read from /usr/share/doc/<pkg>/copyright.
- TypeScript/JavaScript: npm packages fetched with `npm pack name@version` into DATA/npm
  (cached), licence from their package.json. JSDoc'ed declarations are read by mine_js.mjs.

Held out, never mined: every language's standard library, the Python packages of the
docstring task set (tools/bench/search-quality/docstring-tasks.json), effect (tasks.json)
and the npm packages reserved for the TypeScript evaluation set (HELD_OUT_NPM).

A pair is the first sentence of the docstring / JSDoc description (the query an agent
would type) and the declaration's code with every docstring / JSDoc block removed.
Pairs are deduplicated on whitespace-normalised code; a query text repeated more than
MAX_SAME_QUERY times (boilerplate such as "Initialize self.") is kept only for the first
ones. Each pair gets a split: a source package is wholly `train` or wholly `heldout`
(assign_splits: about half the pairs of each ecosystem each), so held-out figures are
measured on code bases the model never saw.

Writes DATA/pairs.jsonl ({q, c, file, name, pkg, lang, split}) and tools/prose-model/sources.json
(package, version, licence, pair counts), which is committed.
"""

import argparse
import ast
import hashlib
import json
import os
import re
import subprocess
import sys
import tarfile

HERE = os.path.dirname(os.path.abspath(__file__))
# Training pairs are cut the way the evaluation's tasks are: one definition of a docstring, of a
# stub left with nothing but its name, and of the query sentence taken from a docstring.
sys.path.insert(0, os.path.join(HERE, "..", "bench", "search-quality"))
from docstring_corpus import body_is_stub as is_stub, docstring_node, first_sentence  # noqa: E402
DIST = "/usr/lib/python3/dist-packages"

# Debian package -> version mined. Only permissive licences (checked again at run time).
PYTHON_SOURCES = {
    "python3-sympy": "1.11.1-1",
    "python3-django": "3:3.2.25-0+deb12u7",
    "python3-sqlalchemy": "1.4.46+ds1-1",
    "python3-networkx": "2.8.8-1",
    "python3-twisted": "22.4.0-4+deb12u1",
    "python3-tornado": "6.2.0-3+deb12u4",
    "python3-docutils": "0.19+dfsg-6",
    "python3-sphinx": "5.3.0-4",
    "python3-flask": "2.2.2-3",
    "python3-werkzeug": "2.2.2-3+deb12u1",
    "python3-click": "8.1.3-2",
    "python3-jinja2": "3.1.2-1+deb12u3",
    "python3-babel": "2.10.3-1",
    "python3-requests": "2.28.1+dfsg-1",
    "python3-urllib3": "1.26.12-1+deb12u4",
    "python3-dateutil": "2.8.2-2",
    "python3-tz": "2022.7.1-4",
    "python3-markdown": "3.4.1-2+deb12u1",
    "python3-bs4": "4.11.2-2",
    "python3-html5lib": "1.1-3",
    "python3-nltk": "3.8-1",
    "python3-aiohttp": "3.8.4-1+deb12u2",
    "python3-marshmallow": "3.18.0-1",
    "python3-toolz": "0.12.0-1",
    "python3-cachetools": "5.2.0-1",
    "python3-rich": "13.3.1-1",
    "python3-mypy": "1.0.1-1",
    "python3-isort": "5.6.4-1",
    "python3-pexpect": "4.8.0-4",
    "python3-sortedcontainers": "2.4.0-2",
    "python3-jsonschema": "4.10.3-1",
    "python3-simplejson": "3.18.3-1",
    "python3-mako": "1.2.4+ds-1",
    "python3-alembic": "1.8.1-2",
    "python3-celery": "5.2.6-5",
    "python3-kombu": "5.2.4-1",
    "python3-redis": "4.3.4-3",
    "python3-pymongo": "3.11.0-1+deb12u2",
    "python3-boltons": "21.0.0-2",
    "python3-scrapy": "2.8.0-2",
    "python3-w3lib": "2.1.1-1",
    "python3-pydantic": "1.10.4-1+deb12u1",
    "python3-itsdangerous": "2.1.2-3",
    "python3-pyrsistent": "0.18.1-1+b3",
    "python3-tqdm": "4.64.1-1",
    "python3-yaml": "6.0-3+b2",
    "python3-pygments": "2.14.0+dfsg-1",
    "python3-cryptography": "38.0.4-3+deb12u1",
    "python3-httplib2": "0.20.4-3",
    "python3-pyparsing": "3.0.9-1",
    "python3-setuptools": "66.1.1-1+deb12u2",
    "python3-pip": "23.0.1+dfsg-1",
    "python3-six": "1.16.0-4",
    "python3-toml": "0.10.2-1",
    "python3-jwt": "2.6.0-1",
    "python3-blinker": "1.5-1",
    "python3-argcomplete": "2.0.0-1",
    "python3-distro": "1.8.0-1",
    "python3-numpy": "1:1.24.2-1+deb12u1",
    "python3-scipy": "1.10.1-2",
    "python3-pandas": "1.5.3+dfsg-2",
    "python3-sklearn": "1.2.1+dfsg-1",
    "python3-matplotlib": "3.6.3-1+b1",
    "python3-dask": "2022.12.1+dfsg-2",
    "python3-xarray": "2023.01.0-1.1",
    "python3-astropy": "5.2.1-2+deb12u1",
    "python3-statsmodels": "0.13.5+dfsg-7",
    "python3-skimage": "0.19.3-8",
    "python3-fabric": "2.6.0-1",
    "python3-invoke": "2.0.0-1",
    "python3-boto3": "1.26.27+dfsg-1",
    "python3-botocore": "1.29.27+repack-1",
    "python3-pyramid": "2.0+dfsg-2+deb12u1",
    "python3-gevent": "22.10.2-3",
    "python3-eventlet": "0.33.1-4",
    "python3-paste": "3.5.2+repack-1",
    "python3-webob": "1:1.8.6-3",
    "python3-falcon": "3.1.1-1+b1",
    "python3-httpx": "0.23.3-1",
    "python3-h11": "0.14.0-1.1~deb12u1",
    "python3-anyio": "3.6.2-1",
    "python3-trio": "0.22.0-0.2",
    "python3-openpyxl": "3.0.9-1",
    "python3-pil": "9.4.0-1.1+deb12u1",
    "python3-psutil": "5.9.4-1+b1",
    "python3-netaddr": "0.8.0-2",
    "python3-dnspython": "2.3.0-1+deb12u1",
    "python3-feedparser": "6.0.10-1",
    "python3-peewee": "3.14.10+dfsg-1+b3",
    "python3-pymysql": "1.0.2-2+deb12u1",
    "python3-prompt-toolkit": "3.0.36-2",
    "python3-sqlparse": "0.4.2-1+deb12u1",
    "python3-requests-oauthlib": "1.3.0+ds-1",
    "python3-oslo.utils": "6.0.1-2",
    "python3-stevedore": "4.0.2-2",
    "python3-cliff": "4.0.0-2",
    "python3-keystoneauth1": "5.0.0-2",
}
# Top-level module directories that are held out (docstring task set) even when another
# Debian package ships or vendors them.
HELD_OUT_PY = {"jedi", "parso", "_pytest", "pytest", "pluggy", "attr", "attrs", "more_itertools", "packaging", "oauthlib"}

NPM_SOURCES_FILE = os.path.join(HERE, "npm-sources.txt")
HELD_OUT_NPM = {
    "effect", "date-fns", "rxjs", "immer", "zod", "fp-ts", "io-ts", "neverthrow", "remeda",
    "ts-pattern", "type-fest", "valibot", "superstruct",
}
PERMISSIVE = re.compile(r"^(MIT|Expat|ISC|0BSD|BSD|Apache|Python|PSF|Unlicense|public[- ]domain|CC0|Zlib|MIT-0|BlueOak|Matplotlib|Pyramid|HPND)", re.I)

MIN_QUERY_WORDS = 3
MAX_CODE_CHARS = 6000
MAX_SAME_QUERY = 3


# ---------------------------------------------------------------- Python


def dpkg(args):
    return subprocess.run(["dpkg-query", *args], capture_output=True, text=True, check=False).stdout


# Copyright files that state the licence as its text rather than its name.
LICENCE_TEXTS = [
    (re.compile(r"^Permission is hereby granted, free of charge"), "MIT (text in copyright file)"),
    (re.compile(r"^Redistribution and use in source and binary forms"), "BSD (text in copyright file)"),
    (re.compile(r"re-licensed in 19\.5"), "MIT (setuptools, re-licensed in 19.5)"),
]


# Read by hand where the copyright file names no licence the patterns above recognise.
LICENCE_BY_HAND = {
    "python3-matplotlib": "Matplotlib (PSF-based, permissive)",
    "python3-pyramid": "Pyramid (Repoze, BSD-style) and ZPL-2.1",
    "python3-pil": "HPND (Historical Permission Notice and Disclaimer)",
    "python3-dnspython": "ISC (text in copyright file)",
}


def debian_licence(pkg):
    if pkg in LICENCE_BY_HAND:
        return LICENCE_BY_HAND[pkg]
    licence = debian_licence_field(pkg)
    for pattern, name in LICENCE_TEXTS:
        if pattern.search(licence):
            return name
    return licence


def debian_licence_field(pkg):
    path = f"/usr/share/doc/{pkg}/copyright"
    try:
        text = open(path, encoding="utf8", errors="replace").read()
    except OSError:
        return "unknown"
    # DEP-5: the licence of the `Files: *` paragraph; else the first License: line.
    for para in re.split(r"\n\s*\n", text):
        if re.search(r"^Files:\s*\*\s*$", para, re.M):
            match = re.search(r"^License:\s*(.+)$", para, re.M)
            if match:
                return match.group(1).strip()
    match = re.search(r"^License:\s*(.+)$", text, re.M)
    return match.group(1).strip() if match else "unknown"


def python_pairs(path, text):
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return []
    lines = text.split("\n")
    doc_lines = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            doc = docstring_node(node)
            if doc is not None:
                doc_lines.update(range(doc.lineno - 1, doc.end_lineno))
    out = []
    for node in ast.walk(tree):
        if not isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        doc = docstring_node(node)
        if doc is None or is_stub(node):
            continue
        start = min([node.lineno] + [d.lineno for d in node.decorator_list]) - 1
        code = "\n".join(lines[i] for i in range(start, node.end_lineno) if i not in doc_lines)
        out.append({"name": node.name, "line": start + 1, "doc": doc.value.value, "code": code})
    return out


def mine_python(pkg, pinned):
    version = dpkg(["-W", "-f", "${Version}", pkg]).strip()
    if not version:
        print(f"  {pkg}: not installed (apt-get install {pkg}), skipped", file=sys.stderr)
        return None, []
    if pinned and version != pinned:
        print(f"  {pkg}: installed {version}, pinned {pinned}: figures may differ", file=sys.stderr)
    licence = debian_licence(pkg)
    files = sorted(
        f
        for f in dpkg(["-L", pkg]).split("\n")
        if f.startswith(DIST + "/") and f.endswith(".py") and os.path.isfile(f)
    )
    pairs = []
    for f in files:
        rel = os.path.relpath(f, DIST)
        parts = [part.removesuffix(".py") for part in rel.split("/")]
        # Held-out modules anywhere in the path (pip and setuptools vendor `packaging`), and no vendored copies at all.
        if any(part in HELD_OUT_PY or part == "_vendor" for part in parts) or re.search(r"(^|/)(tests?|testing)(/|$)|(^|/)test_[^/]*\.py$", rel):
            continue
        try:
            text = open(f, encoding="utf8").read()
        except (OSError, UnicodeDecodeError):
            continue
        for pair in python_pairs(f, text):
            pair["file"] = rel
            pairs.append(pair)
    return {"package": pkg, "version": version, "licence": licence, "ecosystem": "debian"}, pairs


# ---------------------------------------------------------------- npm


def mine_npm(spec, data):
    name, version = spec.rsplit("@", 1)
    if name in HELD_OUT_NPM:
        sys.exit(f"{name} is held out for evaluation and cannot be a training source")
    cache = os.path.join(data, "npm")
    os.makedirs(cache, exist_ok=True)
    tgz = os.path.join(cache, f"{name.lstrip('@').replace('/', '-')}-{version}.tgz")
    if not os.path.exists(tgz):
        subprocess.run(["npm", "pack", "--silent", spec], cwd=cache, check=True, capture_output=True)
    unpacked = os.path.join(data, "npm-src", f"{name.replace('/', '+')}@{version}")
    if not os.path.isdir(unpacked):
        os.makedirs(unpacked)
        with tarfile.open(tgz) as archive:
            archive.extractall(unpacked, filter="data")
    root = os.path.join(unpacked, "package")
    meta = json.load(open(os.path.join(root, "package.json"), encoding="utf8"))
    licence = meta.get("license") or "unknown"
    if isinstance(licence, dict):
        licence = licence.get("type", "unknown")
    out = subprocess.run(
        ["node", os.path.join(HERE, "mine_js.mjs"), root], capture_output=True, text=True, check=True
    ).stdout
    pairs = [json.loads(line) for line in out.split("\n") if line]
    return {"package": name, "version": version, "licence": licence, "ecosystem": "npm"}, pairs


# ---------------------------------------------------------------- main


def assign_splits(rows, sources):
    """Whole packages to `train` or `heldout`, about half the pairs of each ecosystem each:
    packages in sha1-of-name order, each to the split that has fewer pairs so far."""
    split_of = {}
    for ecosystem in ("debian", "npm"):
        totals = {"train": 0, "heldout": 0}
        group = sorted((s for s in sources if s["ecosystem"] == ecosystem), key=lambda s: hashlib.sha1(s["package"].encode()).hexdigest())
        for source in group:
            split = "train" if totals["train"] <= totals["heldout"] else "heldout"
            source["split"] = split
            split_of[source["package"]] = split
            totals[split] += source["pairs"]
    for row in rows:
        row["split"] = split_of[row["pkg"]]


MINER = 1  # bump when extraction changes: cached raw pairs of another miner version are not reused


def cached_pairs(lang, spec, pinned, data):
    """(meta, raw pairs) of one source, mined once into DATA/raw and read from there afterwards."""
    version = dpkg(["-W", "-f", "${Version}", spec]).strip() if lang == "python" else spec.rsplit("@", 1)[1]
    name = spec if lang == "python" else spec.rsplit("@", 1)[0]
    path = os.path.join(data, "raw", f"m{MINER}", lang, f"{name.replace('/', '+')}@{version.replace(':', '_')}.json")
    if os.path.exists(path):
        cached = json.load(open(path, encoding="utf8"))
        return cached["meta"], cached["pairs"]
    try:
        meta, pairs = mine_python(spec, pinned) if lang == "python" else mine_npm(spec, data)
    except subprocess.CalledProcessError as error:
        print(f"  {spec}: failed ({error}), skipped", file=sys.stderr)
        return None, []
    if meta is not None:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf8") as out:
            json.dump({"meta": meta, "pairs": pairs}, out)
    return meta, pairs


def normal_code(code):
    return " ".join(code.split())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", default="/tmp/prose-model-data")
    parser.add_argument("--only", choices=["python", "npm"], default=None, help="only mine this ecosystem into the cache (DATA/raw), no output; two such runs may go in parallel")
    parser.add_argument("--reverse", action="store_true", help="with --only: mine the sources last to first (a second process filling the cache from the other end)")
    args = parser.parse_args()
    os.makedirs(args.data, exist_ok=True)

    jobs = []
    if args.only in (None, "python"):
        jobs += [("python", pkg, pinned) for pkg, pinned in PYTHON_SOURCES.items()]
    if args.only in (None, "npm"):
        specs = [l.split("#")[0].strip() for l in open(NPM_SOURCES_FILE, encoding="utf8")]
        jobs += [("npm", spec, None) for spec in specs if spec]

    if args.only and args.reverse:
        jobs.reverse()
    sources, rows = [], []
    seen_code, query_count = set(), {}
    for lang, spec, pinned in jobs:
        meta, pairs = cached_pairs(lang, spec, pinned, args.data)
        if meta is None or args.only:
            continue
        if not PERMISSIVE.search(meta["licence"].lstrip("(")):
            print(f"  {spec}: licence {meta['licence']!r} is not on the permissive list, skipped", file=sys.stderr)
            continue
        kept = 0
        for pair in pairs:
            query = first_sentence(pair["doc"])
            if len(re.findall(r"[A-Za-z]+", query)) < MIN_QUERY_WORDS:
                continue
            code = pair["code"][:MAX_CODE_CHARS]
            key = hashlib.sha1(normal_code(code).encode()).digest()
            if key in seen_code:
                continue
            qkey = query.lower()
            if query_count.get(qkey, 0) >= MAX_SAME_QUERY:
                continue
            seen_code.add(key)
            query_count[qkey] = query_count.get(qkey, 0) + 1
            rows.append({"q": query, "c": code, "file": pair["file"], "name": pair["name"], "pkg": meta["package"], "lang": lang})
            kept += 1
        meta.update({"pairs": kept})
        sources.append(meta)
        print(f"  {meta['package']}@{meta['version']} ({meta['licence']}): {kept} pairs", file=sys.stderr)
    if args.only:
        return
    assign_splits(rows, sources)

    with open(os.path.join(args.data, "pairs.jsonl"), "w", encoding="utf8") as out:
        for row in rows:
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
    summary = {
        "pairs": len(rows),
        "train": sum(r["split"] == "train" for r in rows),
        "heldout": sum(r["split"] == "heldout" for r in rows),
        "held_out_python": sorted(HELD_OUT_PY),
        "held_out_npm": sorted(HELD_OUT_NPM),
        "sources": sources,
    }
    with open(os.path.join(HERE, "sources.json"), "w", encoding="utf8") as out:
        json.dump(summary, out, indent=2)
        out.write("\n")
    print(f"{len(rows)} pairs ({summary['train']} train, {summary['heldout']} held out)", file=sys.stderr)


if __name__ == "__main__":
    main()
