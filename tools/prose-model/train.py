"""Train the tsift-code static embedding model on mined pairs.

    python3 tools/prose-model/train.py [--data /tmp/prose-model-data] [--dim 256] [--vocab 26000]
        [--epochs 4] [--batch 512] [--drop 0.3] [--tau 0.05] [--seed 20261207] [--splits train,heldout]

Model: one token -> vector table E [vocab, dim] shared by queries and code. A text's
vector is the mean of its tokens' rows (unknown tokens skipped, first 512 tokens), L2
normalised: exactly what @tsift/search's Model2Vec encoder computes from the exported
files. A token's importance is its row's norm, learned (no separate weights tensor).

Loss: symmetric in-batch InfoNCE (query -> code and code -> query) with temperature --tau
over cosine similarities. Batches are cut from one source package at a time where it has
enough pairs (its other functions are the hard negatives a search inside one code base
meets), shuffled with a fixed seed. Gradients are written out by hand; Adam updates only
the rows a batch touches ("lazy" Adam). A share (--drop) of each batch's code-side token
entries is dropped at random, so no single identifier carries a match. Runs single-threaded
BLAS so results repeat.

Writes DATA/model.npz (E float32 + vocab) and DATA/train-log.json.
"""

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")

import argparse
import json
import sys
import time

import numpy as np
import scipy.sparse as sp

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tokenizer import MAX_TOKENS, WordPiece, build_vocab, code_text  # noqa: E402



def load_pairs(data, splits, code_header=False):
    rows = []
    with open(os.path.join(data, "pairs.jsonl"), encoding="utf8") as f:
        for line in f:
            row = json.loads(line)
            if row["split"] in splits:
                if code_header:
                    # The code side as search encodes a chunk: path words, the declared name, the code.
                    row["c"] = code_text(row["file"], row["name"], row["c"])
                rows.append(row)
    return rows


def bag_matrix(tokenizer, texts, size):
    """CSR [len(texts), vocab] of token counts / token total (the encoder's mean), unk dropped."""
    indptr, indices, values = [0], [], []
    for text in texts:
        ids = tokenizer.encode(text, MAX_TOKENS)
        counts = {}
        for i in ids:
            if i != tokenizer.unk:
                counts[i] = counts.get(i, 0) + 1
        total = max(1, sum(counts.values()))
        for i in sorted(counts):
            indices.append(i)
            values.append(counts[i] / total)
        indptr.append(len(indices))
    return sp.csr_matrix((np.array(values, np.float32), np.array(indices, np.int32), np.array(indptr, np.int64)), shape=(len(texts), size))


def make_batches(packages, batch, rng):
    """Batches of pair indices: full batches from one package, the rest pooled and mixed."""
    by_package = {}
    for i, p in enumerate(packages):
        by_package.setdefault(p, []).append(i)
    batches, rest = [], []
    for p in sorted(by_package):
        idx = np.array(by_package[p])
        rng.shuffle(idx)
        full = len(idx) // batch * batch
        batches += [idx[i : i + batch] for i in range(0, full, batch)]
        rest += idx[full:].tolist()
    rest = np.array(rest)
    rng.shuffle(rest)
    batches += [rest[i : i + batch] for i in range(0, len(rest) - batch // 4, batch)]
    order = rng.permutation(len(batches))
    return [batches[i] for i in order]


def forward_backward(E, Qb, Cb, tau):
    """Symmetric InfoNCE loss and its gradient with respect to E (dense, only touched rows non-zero)."""
    Xq = np.asarray(Qb @ E)
    Xc = np.asarray(Cb @ E)
    nq = np.linalg.norm(Xq, axis=1, keepdims=True) + 1e-8
    nc = np.linalg.norm(Xc, axis=1, keepdims=True) + 1e-8
    Uq, Uc = Xq / nq, Xc / nc
    S = (Uq @ Uc.T) / tau
    b = S.shape[0]
    # Row softmax (query -> code) and column softmax (code -> query).
    Pr = np.exp(S - S.max(axis=1, keepdims=True))
    Pr /= Pr.sum(axis=1, keepdims=True)
    Pc = np.exp(S - S.max(axis=0, keepdims=True))
    Pc /= Pc.sum(axis=0, keepdims=True)
    diag = np.arange(b)
    loss = -(np.log(Pr[diag, diag] + 1e-12).mean() + np.log(Pc[diag, diag] + 1e-12).mean()) / 2
    dS = (Pr + Pc) / (2 * b)
    dS[diag, diag] -= 1.0 / b
    dS /= tau
    dUq = dS @ Uc
    dUc = dS.T @ Uq
    dXq = (dUq - Uq * (Uq * dUq).sum(axis=1, keepdims=True)) / nq
    dXc = (dUc - Uc * (Uc * dUc).sum(axis=1, keepdims=True)) / nc
    top1 = float((S.argmax(axis=1) == diag).mean())
    return loss, Qb.T @ dXq + Cb.T @ dXc, top1


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", default="/tmp/prose-model-data")
    parser.add_argument("--dim", type=int, default=256)
    parser.add_argument("--vocab", type=int, default=26000)
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--batch", type=int, default=512)
    parser.add_argument("--lr", type=float, default=0.02)
    parser.add_argument("--tau", type=float, default=0.05, help="InfoNCE temperature")
    parser.add_argument("--drop", type=float, default=0.3, help="share of code-side token entries dropped per batch (augmentation)")
    parser.add_argument("--code-header", action="store_true", help="train the code side with search's path + name header (tried; not better on the docstring task set, not shipped)")
    parser.add_argument("--seed", type=int, default=20261207)
    parser.add_argument("--splits", default="train,heldout", help="comma-separated: train,heldout (the shipped model) or train (to measure on the held-out half)")
    parser.add_argument("--out", default=None, help="model file (default DATA/model.npz)")
    args = parser.parse_args()
    started = time.time()
    cpu_started = time.process_time()
    rng = np.random.default_rng(args.seed)

    pairs = load_pairs(args.data, set(args.splits.split(",")), args.code_header)
    print(f"{len(pairs)} pairs", file=sys.stderr)
    # Tokenizing is the slow part of a run; its result is cached per data file, splits and vocabulary size.
    stamp = os.stat(os.path.join(args.data, "pairs.jsonl"))
    cache = os.path.join(args.data, f"bags-{args.splits.replace(',', '+')}-{args.vocab}-{int(args.code_header)}-{stamp.st_size}-{int(stamp.st_mtime)}.npz")
    if os.path.exists(cache):
        saved = np.load(cache)
        vocab = [str(t) for t in saved["vocab"]]
        Q = sp.csr_matrix((saved["q_data"], saved["q_indices"], saved["q_indptr"]), shape=tuple(saved["q_shape"]))
        C = sp.csr_matrix((saved["c_data"], saved["c_indices"], saved["c_indptr"]), shape=tuple(saved["c_shape"]))
        tokenizer = WordPiece(vocab)
    else:
        vocab = build_vocab([p["q"] for p in pairs] + [p["c"] for p in pairs], args.vocab)
        tokenizer = WordPiece(vocab)
        Q = bag_matrix(tokenizer, [p["q"] for p in pairs], len(vocab))
        C = bag_matrix(tokenizer, [p["c"] for p in pairs], len(vocab))
        np.savez(cache, vocab=np.array(vocab), q_data=Q.data, q_indices=Q.indices, q_indptr=Q.indptr, q_shape=Q.shape,
                 c_data=C.data, c_indices=C.indices, c_indptr=C.indptr, c_shape=C.shape)
    V = len(vocab)
    keep = np.flatnonzero((Q.getnnz(axis=1) > 0) & (C.getnnz(axis=1) > 0))
    Q, C = Q[keep], C[keep]
    packages = [pairs[i]["pkg"] for i in keep]
    print(f"tokenized {len(keep)} pairs, vocab {V} in {time.time() - started:.0f}s", file=sys.stderr)

    # Initial rows: random directions, shrunk for tokens frequent in many texts (an IDF prior).
    df = np.asarray((Q > 0).sum(axis=0) + (C > 0).sum(axis=0)).ravel().astype(np.float32)
    idf = np.log((2 * len(keep) + 1) / (df + 1)).astype(np.float32)
    E = rng.standard_normal((V, args.dim)).astype(np.float32) / np.sqrt(args.dim)
    E *= (idf / idf.max())[:, None]
    E[tokenizer.unk] = 0
    m = np.zeros_like(E)
    v = np.zeros_like(E)
    beta1, beta2, eps = 0.9, 0.999, 1e-8
    t = 0
    log = []
    # A progress check each epoch: 2 pools of 1,000 held-out pairs (reported only, never used to pick anything).
    val = [] if "heldout" in args.splits else load_pairs(args.data, {"heldout"}, args.code_header)
    val = [val[i] for i in np.random.default_rng(1).permutation(len(val))[:2000]]
    Vq = bag_matrix(tokenizer, [p["q"] for p in val], V)
    Vc = bag_matrix(tokenizer, [p["c"] for p in val], V)

    def check():
        mrr = []
        for s in range(0, len(val) - 999, 1000):
            a, b = np.asarray(Vq[s : s + 1000] @ E), np.asarray(Vc[s : s + 1000] @ E)
            a /= np.linalg.norm(a, axis=1, keepdims=True) + 1e-8
            b /= np.linalg.norm(b, axis=1, keepdims=True) + 1e-8
            S = a @ b.T
            rank = (S > np.diag(S)[:, None]).sum(axis=1) + 1
            mrr.append(np.where(rank <= 10, 1.0 / rank, 0).mean())
        return round(float(np.mean(mrr)), 4) if mrr else None

    for epoch in range(args.epochs):
        batches = make_batches(packages, args.batch, rng)
        losses, accs = [], []
        lr = args.lr * (0.5 * (1 + np.cos(np.pi * epoch / args.epochs)))
        for idx in batches:
            Qb, Cb = Q[idx], C[idx]
            if args.drop > 0:
                Cb.data *= rng.random(Cb.data.shape[0]) >= args.drop
            loss, grad, acc = forward_backward(E, Qb, Cb, args.tau)
            rows = np.union1d(Qb.indices, Cb.indices)
            g = np.asarray(grad[rows])
            t += 1
            m[rows] = beta1 * m[rows] + (1 - beta1) * g
            v[rows] = beta2 * v[rows] + (1 - beta2) * g * g
            mhat = m[rows] / (1 - beta1**t)
            vhat = v[rows] / (1 - beta2**t)
            E[rows] -= lr * mhat / (np.sqrt(vhat) + eps)
            losses.append(loss)
            accs.append(acc)
        entry = {"epoch": epoch + 1, "lr": round(float(lr), 5), "loss": round(float(np.mean(losses)), 4), "batch_top1": round(float(np.mean(accs)), 4), "heldout_mrr10": check(), "seconds": round(time.time() - started, 1)}
        log.append(entry)
        print(json.dumps(entry), file=sys.stderr)
    E[tokenizer.unk] = 0
    out = args.out or os.path.join(args.data, "model.npz")
    np.savez(out, E=E, vocab=np.array(vocab))
    meta = {
        "args": vars(args),
        "pairs": int(len(keep)),
        "vocab": V,
        "tau": args.tau,
        "epochs": log,
        "wall_seconds": round(time.time() - started, 1),
        "cpu_seconds": round(time.process_time() - cpu_started, 1),
    }
    with open(os.path.splitext(out)[0] + "-log.json", "w", encoding="utf8") as f:
        json.dump(meta, f, indent=2)
    print(f"saved {out}: {meta['wall_seconds']}s wall, {meta['cpu_seconds']}s CPU", file=sys.stderr)


if __name__ == "__main__":
    main()
