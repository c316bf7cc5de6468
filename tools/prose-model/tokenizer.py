"""The tsift-code tokenizer in Python: the same ids the shipped tokenizer.json gives in
@tsift/search's hf-tokenizer.ts (a Replace + BertNormalizer sequence, BertPreTokenizer,
WordPiece), so training pools exactly the rows the encoder pools at run time.

Normalization splits camelCase and acronym boundaries with a space ("parseHTTPRequest" ->
"parse HTTP Request"), then lowercases and strips accents. Pre-tokenization splits on
whitespace and makes every punctuation or symbol character its own piece (so snake_case
splits at `_`). The vocabulary holds no punctuation: those pieces become [UNK], which
the encoder skips, but they still count towards the 512-token cut, as at run time.
"""

import json
import re
import unicodedata
from collections import Counter

CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
ACRONYM = re.compile(r"(?<=[A-Z])(?=[A-Z][a-z])")
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]")
# A run of letters/digits, or any other single non-space character (punctuation, symbols).
PIECE = re.compile(r"[^\W_]+|[^\s]", re.UNICODE)
UNK = "[UNK]"
PREFIX = "##"
MAX_CHARS = 100
MAX_TOKENS = 512


def code_text(file, names, code):
    """The code side as @tsift/search encodes a chunk (dense-index.ts embeddingText): the file
    path without its extension, `/` as spaces; the declared names; then the code."""
    where = " ".join(re.sub(r"\.[^./]+$", "", file).split("/")) + "\n" if file else ""
    return f"{where}{names.replace(chr(10), ' ') + chr(10) if names else ''}{code}"


def normalize(text):
    text = CAMEL.sub(" ", text)
    text = ACRONYM.sub(" ", text)
    text = CONTROL.sub("", text)
    text = text.lower()
    if not text.isascii():
        text = "".join(c for c in unicodedata.normalize("NFD", text) if unicodedata.category(c) != "Mn")
    return text


def words(text):
    return PIECE.findall(normalize(text))


class WordPiece:
    def __init__(self, vocab):
        self.vocab = vocab  # list of tokens, index = id
        self.ids = {t: i for i, t in enumerate(vocab)}
        self.unk = self.ids[UNK]
        self.cache = {}

    def word_ids(self, word):
        cached = self.cache.get(word)
        if cached is not None:
            return cached
        ids = self._split(word)
        if len(self.cache) < 2_000_000:
            self.cache[word] = ids
        return ids

    def _split(self, word):
        if len(word) > MAX_CHARS:
            return (self.unk,)
        out, start = [], 0
        while start < len(word):
            end = len(word)
            found = None
            while start < end:
                piece = (PREFIX if start > 0 else "") + word[start:end]
                found = self.ids.get(piece)
                if found is not None:
                    break
                end -= 1
            if found is None:
                return (self.unk,)
            out.append(found)
            start = end
        return tuple(out)

    def encode(self, text, max_tokens=MAX_TOKENS):
        out = []
        for word in words(text):
            out.extend(self.word_ids(word))
            if len(out) >= max_tokens:
                return out[:max_tokens]
        return out

    def to_hf_json(self):
        return {
            "version": "1.0",
            "truncation": None,
            "padding": None,
            "added_tokens": [
                {"id": self.unk, "content": UNK, "single_word": False, "lstrip": False, "rstrip": False, "normalized": False, "special": True}
            ],
            "normalizer": {
                "type": "Sequence",
                "normalizers": [
                    {"type": "Replace", "pattern": {"Regex": CAMEL.pattern}, "content": " "},
                    {"type": "Replace", "pattern": {"Regex": ACRONYM.pattern}, "content": " "},
                    {"type": "BertNormalizer", "clean_text": True, "handle_chinese_chars": True, "strip_accents": True, "lowercase": True},
                ],
            },
            "pre_tokenizer": {"type": "BertPreTokenizer"},
            "post_processor": None,
            "decoder": {"type": "WordPiece", "prefix": PREFIX, "cleanup": True},
            "model": {
                "type": "WordPiece",
                "unk_token": UNK,
                "continuing_subword_prefix": PREFIX,
                "max_input_chars_per_word": MAX_CHARS,
                "vocab": {t: i for i, t in enumerate(self.vocab)},
            },
        }


def build_vocab(texts, size, continuation_share=0.2, min_count=3):
    """[UNK], then a-z/0-9 and their ## forms (every ASCII word splits into known pieces),
    then the most frequent alphanumeric words, and ## forms of the most frequent words
    (so compounds such as "getattr" split into "get" "##attr"). Ties break alphabetically."""
    counts = Counter()
    for text in texts:
        for word in words(text):
            if word[0].isalnum():
                counts[word] += 1
    base = [UNK] + list("abcdefghijklmnopqrstuvwxyz0123456789") + [PREFIX + c for c in "abcdefghijklmnopqrstuvwxyz0123456789"]
    have = set(base)
    ranked = [w for w, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])) if n >= min_count and len(w) <= 30]
    n_cont = int((size - len(base)) * continuation_share)
    n_words = size - len(base) - n_cont
    vocab = list(base)
    for w in ranked:
        if len(vocab) >= len(base) + n_words:
            break
        if w not in have:
            vocab.append(w)
            have.add(w)
    for w in ranked:
        if len(vocab) >= size:
            break
        if len(w) >= 2 and not w.isdigit() and PREFIX + w not in have:
            vocab.append(PREFIX + w)
            have.add(PREFIX + w)
    return vocab


def save_json(path, tokenizer):
    with open(path, "w", encoding="utf8") as out:
        json.dump(tokenizer.to_hf_json(), out, ensure_ascii=False, separators=(",", ":"))
