"""Check that training's tokenizer and pooling match @tsift/search's at run time.

    python3 tools/prose-model/parity.py [--model-dir packages/search/models/tsift-code-v1] [--n 1000]

Encodes N mined texts (queries and code, a fixed sample) with the Python tokenizer and
numpy pooling, and with the built @tsift/search (parity.mjs: loadTokenizer and
loadModel2VecEncoder on the exported files). Token ids must be identical within the first
512 tokens (the encoder's cut) and vectors within cosine 0.999 (F16 rounding). Exits 1 on
a mismatch, naming the first text that differs. Needs `npx nx run @tsift/search:build` first.
"""

import argparse
import json
import os
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from evaluate import load_model  # noqa: E402
from export import DEFAULT_OUT  # noqa: E402
from tokenizer import MAX_TOKENS  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--model-dir", default=DEFAULT_OUT)
    parser.add_argument("--data", default="/tmp/prose-model-data")
    parser.add_argument("--n", type=int, default=1000)
    args = parser.parse_args()
    rows = [json.loads(l) for l in open(os.path.join(args.data, "pairs.jsonl"), encoding="utf8")]
    pick = np.random.default_rng(7).choice(len(rows), size=min(args.n // 2, len(rows)), replace=False)
    texts = []
    for i in sorted(pick):
        texts += [rows[i]["q"], rows[i]["c"]]
    texts += ["parseHTTPRequest getUserName snake_case_name XMLHttpRequest utf8Decode", "Café naïve résumé", ""]
    tokenizer, E = load_model(args.model_dir)
    run = subprocess.run(
        ["node", os.path.join(HERE, "parity.mjs"), args.model_dir], input=json.dumps(texts), capture_output=True, text=True
    )
    if run.returncode != 0:
        sys.exit(run.stderr)
    ts = json.loads(run.stdout)
    worst = 1.0
    for text, got in zip(texts, ts["out"]):
        ids = tokenizer.encode(text, 10**9)
        if ids[:MAX_TOKENS] != got["ids"][:MAX_TOKENS]:
            k = next(i for i, (a, b) in enumerate(zip(ids, got["ids"])) if a != b) if ids and got["ids"] else 0
            sys.exit(f"token ids differ at {k} for {text[:200]!r}: python {ids[k:k+5]} vs ts {got['ids'][k:k+5]}")
        rows_ = [i for i in ids[:MAX_TOKENS] if i != tokenizer.unk]
        if not rows_:
            continue
        v = E[rows_].mean(axis=0)
        v /= np.linalg.norm(v) + 1e-12
        cos = float(v @ np.array(got["vector"], dtype=np.float32))
        worst = min(worst, cos)
    print(json.dumps({"texts": len(texts), "ids": "identical", "min_cosine": round(worst, 6), "encoder": ts["id"]}))
    if worst < 0.999:
        sys.exit(1)


if __name__ == "__main__":
    main()
