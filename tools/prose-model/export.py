"""Export a trained model to the directory @tsift/search ships and loads.

    python3 tools/prose-model/export.py [--model /tmp/prose-model-data/model.npz]
        [--out packages/search/models/tsift-code-v1]

Writes tokenizer.json (Hugging Face WordPiece, see tokenizer.py), model.safetensors (one
F16 tensor `embeddings` [vocab, dim], rows in token id order) and config.json. The
safetensors header is written by hand (8-byte little-endian length, JSON, raw data), so
nothing beyond numpy is needed.
"""

import argparse
import json
import os
import struct
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from tokenizer import MAX_TOKENS, WordPiece, save_json  # noqa: E402

ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
DEFAULT_OUT = os.path.join(ROOT, "packages", "search", "models", "tsift-code-v1")


def write_safetensors(path, tensors, metadata):
    header, offset, blobs = {"__metadata__": metadata}, 0, []
    for name, array in tensors.items():
        dtype = {np.float16: "F16", np.float32: "F32", np.int8: "I8"}[array.dtype.type]
        raw = np.ascontiguousarray(array).astype(array.dtype.newbyteorder("<"), copy=False).tobytes()
        header[name] = {"dtype": dtype, "shape": list(array.shape), "data_offsets": [offset, offset + len(raw)]}
        offset += len(raw)
        blobs.append(raw)
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * ((8 - len(text) % 8) % 8)  # aligned data, as the reference writer does
    with open(path, "wb") as out:
        out.write(struct.pack("<Q", len(text)))
        out.write(text)
        for raw in blobs:
            out.write(raw)


def read_safetensors(path):
    with open(path, "rb") as f:
        data = f.read()
    (n,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8 : 8 + n])
    out = {}
    for name, entry in header.items():
        if name == "__metadata__":
            continue
        dtype = {"F16": np.float16, "F32": np.float32, "I8": np.int8}[entry["dtype"]]
        start, end = entry["data_offsets"]
        out[name] = np.frombuffer(data[8 + n + start : 8 + n + end], dtype=np.dtype(dtype).newbyteorder("<")).reshape(entry["shape"])
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--model", default="/tmp/prose-model-data/model.npz")
    parser.add_argument("--out", default=DEFAULT_OUT)
    args = parser.parse_args()
    loaded = np.load(args.model)
    E, vocab = loaded["E"], [str(t) for t in loaded["vocab"]]
    log = json.load(open(os.path.splitext(args.model)[0] + "-log.json", encoding="utf8"))
    os.makedirs(args.out, exist_ok=True)
    save_json(os.path.join(args.out, "tokenizer.json"), WordPiece(vocab))
    # F16 keeps 3 significant digits; rows are scaled so the largest |value| sits well inside its range.
    scale = 1.0 / max(1e-6, float(np.abs(E).max()) / 8.0)
    write_safetensors(
        os.path.join(args.out, "model.safetensors"),
        {"embeddings": (E * scale).astype(np.float16)},
        {"format": "pt", "model": "tsift-code-v1"},
    )
    config = {
        "model_type": "tsift-static",
        "name": "tsift-code-v1",
        "dim": int(E.shape[1]),
        "vocab_size": len(vocab),
        "dtype": "float16",
        "pooling": "mean of token rows, unknown tokens skipped, first 512 tokens, L2-normalised",
        "max_tokens": MAX_TOKENS,
        "normalize": True,
        "seed": log["args"]["seed"],
        "training": {k: log["args"][k] for k in ("dim", "vocab", "epochs", "batch", "lr", "splits")} | {"pairs": log["pairs"], "tau": log["tau"]},
    }
    with open(os.path.join(args.out, "config.json"), "w", encoding="utf8") as out:
        json.dump(config, out, indent=2)
        out.write("\n")
    size = sum(os.path.getsize(os.path.join(args.out, f)) for f in ("tokenizer.json", "model.safetensors", "config.json"))
    print(f"exported to {args.out}: {size / 1e6:.2f} MB", file=sys.stderr)


if __name__ == "__main__":
    main()
