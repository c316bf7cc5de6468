"""Model-alone retrieval figures of an exported tsift-code model.

    python3 tools/prose-model/evaluate.py [--model-dir packages/search/models/tsift-code-v1]
        [--data /tmp/prose-model-data] [--out tools/prose-model/metrics.json]

Reads the exported files themselves (tokenizer.json vocabulary, F16 embeddings), so the
figures are those of the shipped model. Two task sets, each scored as function top-1,
top-5 and MRR@10 (reciprocal rank of the right function when it is in the first ten):

- `heldout_pairs`: the mined pairs of held-out source packages (mine.py's `heldout` split,
  packages the model never saw), in pools of 1,000 pairs after a seeded shuffle, the
  CodeSearchNet protocol: each query ranks the 1,000 code snippets of its pool. A BM25
  ranking with the same tokenizer over the same pools is the lexical reference.
- `docstring_tasks`: tools/bench/search-quality/docstring-tasks.json (packages never mined).
  Candidates are every function of the docstring-stripped corpus (the same stripping the
  benchmark uses), as search encodes them (path words, name, code); a query ranks them all by cosine (BM25 with the same tokenizer, and the two fused by reciprocal rank, k = 60, beside it). Reported for the `heldout` split, the
  `tune` split and all tasks. This is the model alone over whole functions, not tsift's
  chunked search (tools/bench/search-quality/run-docstring.mjs measures that).
"""

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import ast
import importlib.util
import json
import sys

import numpy as np
import scipy.sparse as sp

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from export import DEFAULT_OUT, ROOT, read_safetensors  # noqa: E402
from tokenizer import MAX_TOKENS, WordPiece, code_text  # noqa: E402

POOL = 1000
SEED = 20261207


def load_model(model_dir):
    tok = json.load(open(os.path.join(model_dir, "tokenizer.json"), encoding="utf8"))
    vocab = [None] * len(tok["model"]["vocab"])
    for token, i in tok["model"]["vocab"].items():
        vocab[i] = token
    E = read_safetensors(os.path.join(model_dir, "model.safetensors"))["embeddings"].astype(np.float32)
    return WordPiece(vocab), E


def bags(tokenizer, texts, size):
    indptr, indices, values = [0], [], []
    for text in texts:
        counts = {}
        for i in tokenizer.encode(text, MAX_TOKENS):
            if i != tokenizer.unk:
                counts[i] = counts.get(i, 0) + 1
        for i in sorted(counts):
            indices.append(i)
            values.append(counts[i])
        indptr.append(len(indices))
    return sp.csr_matrix((np.array(values, np.float32), np.array(indices, np.int32), np.array(indptr, np.int64)), shape=(len(texts), size))


def embed(B, E):
    X = np.asarray(B @ E)
    return X / (np.linalg.norm(X, axis=1, keepdims=True) + 1e-12)


def bm25(Bq, Bd, k1=1.2, b=0.75):
    """BM25 scores [queries, docs] over token counts (query terms counted once)."""
    n = Bd.shape[0]
    df = np.asarray((Bd > 0).sum(axis=0)).ravel()
    idf = np.log(1 + (n - df + 0.5) / (df + 0.5)).astype(np.float32)
    lengths = np.asarray(Bd.sum(axis=1)).ravel()
    norm = k1 * (1 - b + b * lengths / max(1e-9, lengths.mean()))
    D = Bd.tocoo()
    tf = D.data * (k1 + 1) / (D.data + norm[D.row])
    W = sp.csr_matrix((tf, (D.row, D.col)), shape=Bd.shape)
    Q = (Bq > 0).astype(np.float32) @ sp.diags(idf)
    return np.asarray((Q @ W.T).todense())


def rrf(*score_sets, k=60):
    """Reciprocal rank fusion of several [queries, docs] score matrices."""
    fused = 0
    for scores in score_sets:
        order = np.argsort(-scores, axis=1, kind="stable")
        rank = np.empty_like(order)
        rank[np.arange(len(scores))[:, None], order] = np.arange(1, scores.shape[1] + 1)
        fused = fused + 1.0 / (k + rank)
    return fused


def ranks(scores, gold):
    """1-based rank of each query's gold column (ties count against the gold)."""
    g = scores[np.arange(len(gold)), gold]
    return (scores > g[:, None]).sum(axis=1) + (scores == g[:, None]).sum(axis=1)


def figures(r):
    r = np.asarray(r)
    return {
        "n": int(len(r)),
        "top1": round(float((r <= 1).mean()), 4),
        "top5": round(float((r <= 5).mean()), 4),
        "mrr10": round(float(np.where(r <= 10, 1.0 / r, 0.0).mean()), 4),
    }


def heldout_pairs(tokenizer, E, data):
    rows = [json.loads(l) for l in open(os.path.join(data, "pairs.jsonl"), encoding="utf8")]
    rows = [dict(r, c=code_text(r["file"], r["name"], r["c"])) for r in rows if r["split"] == "heldout"]
    order = np.random.default_rng(SEED).permutation(len(rows))
    rows = [rows[i] for i in order][: len(rows) // POOL * POOL]
    V = E.shape[0]
    model_ranks, bm25_ranks = [], []
    for start in range(0, len(rows), POOL):
        pool = rows[start : start + POOL]
        Bq = bags(tokenizer, [r["q"] for r in pool], V)
        Bc = bags(tokenizer, [r["c"] for r in pool], V)
        gold = np.arange(len(pool))
        model_ranks += ranks(embed(Bq, E) @ embed(Bc, E).T, gold).tolist()
        bm25_ranks += ranks(bm25(Bq, Bc), gold).tolist()
    return {"pool": POOL, "pools": len(rows) // POOL, "model": figures(model_ranks), "bm25_same_tokenizer": figures(bm25_ranks)}


def docstring_tasks(tokenizer, E):
    bench = os.path.join(ROOT, "tools", "bench", "search-quality")
    spec = importlib.util.spec_from_file_location("docstring_corpus", os.path.join(bench, "docstring_corpus.py"))
    corpus = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(corpus)
    corpus.check_versions()
    tasks = json.load(open(os.path.join(bench, "docstring-tasks.json"), encoding="utf8"))["tasks"]
    keys, texts = [], []
    for path in corpus.source_files():
        text = open(os.path.join(corpus.BASE, path), encoding="utf8").read()
        stripped = corpus.strip_source(text)
        if stripped is None:
            continue
        lines = stripped.split("\n")
        for name, node in corpus.functions(ast.parse(stripped)):
            start = min([node.lineno] + [d.lineno for d in node.decorator_list])
            keys.append((path, name, start))
            texts.append(code_text(path, name.split(".")[-1], "\n".join(lines[start - 1 : node.end_lineno])))
    V = E.shape[0]
    Bc = bags(tokenizer, texts, V)
    index = {k: i for i, k in enumerate(keys)}
    out = {"candidates": len(keys)}
    found = [t for t in tasks if (t["file"], t["name"], t["start"]) in index]
    Bq = bags(tokenizer, [t["query"] for t in found], V)
    gold = np.array([index[(t["file"], t["name"], t["start"])] for t in found])
    model_scores, bm25_scores = embed(Bq, E) @ embed(Bc, E).T, bm25(Bq, Bc)
    r = ranks(model_scores, gold)
    r_bm25 = ranks(bm25_scores, gold)
    r_rrf = ranks(rrf(model_scores, bm25_scores), gold)
    for split in ("heldout", "tune", "all"):
        sel = [i for i, t in enumerate(found) if split == "all" or t["split"] == split]
        out[split] = figures(r[sel])
        out[f"{split}_bm25_same_tokenizer"] = figures(r_bm25[sel])
        out[f"{split}_rrf_model_bm25"] = figures(r_rrf[sel])
    out["tasks_matched"] = len(found)
    out["tasks_total"] = len(tasks)
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--model-dir", default=DEFAULT_OUT)
    parser.add_argument("--data", default="/tmp/prose-model-data")
    parser.add_argument("--out", default=os.path.join(HERE, "metrics.json"))
    parser.add_argument("--skip", default="", help="comma-separated sets to skip: heldout_pairs,docstring_tasks")
    args = parser.parse_args()
    tokenizer, E = load_model(args.model_dir)
    result = {"model": os.path.relpath(args.model_dir, ROOT)}
    if "docstring_tasks" not in args.skip:
        result["docstring_tasks"] = docstring_tasks(tokenizer, E)
        print(json.dumps(result["docstring_tasks"]), file=sys.stderr)
    if "heldout_pairs" not in args.skip:
        result["heldout_pairs"] = heldout_pairs(tokenizer, E, args.data)
        print(json.dumps(result["heldout_pairs"]), file=sys.stderr)
    with open(args.out, "w", encoding="utf8") as f:
        json.dump(result, f, indent=2)
        f.write("\n")


if __name__ == "__main__":
    main()
