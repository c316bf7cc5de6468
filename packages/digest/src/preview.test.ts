import { stableHandle } from "@tsift/core";
import { describe, expect, it } from "vitest";
import { applyPreview, previewSection, type PreviewSpec } from "./preview";

interface Item {
  name: string;
  note: string;
}

const data = {
  items: [
    { name: "alpha", note: "a long note here" },
    { name: "beta", note: "b" },
    { name: "gamma", note: "c" },
  ],
  rows: [1, 2, 3],
};
const spec: PreviewSpec<typeof data> = {
  sections: [
    previewSection<typeof data, Item>({ key: "items", prefix: "it", identity: (item) => item.name, expand: (item) => `show ${item.name}`, truncate: ["note"] }),
  ],
};

describe("applyPreview", () => {
  it("caps sections, cuts fields and adds deterministic handles and expand commands", () => {
    expect(applyPreview(data, spec, { preset: null, maxItems: 2, maxBytes: 8 })).toEqual({
      items: [
        { name: "alpha", note: "a lon…", handle: stableHandle("it", "alpha"), expand: "show alpha" },
        { name: "beta", note: "b", handle: stableHandle("it", "beta"), expand: "show beta" },
      ],
      items_total: 3,
      rows: [1, 2, 3],
      truncated: true,
      budget: { preset: null, max_items: 2, max_bytes: 8 },
    });
    expect(data.items).toHaveLength(3);
    expect(data.items[0]!.note).toBe("a long note here");
  });

  it("reports not truncated when everything fits, and keeps an earlier truncated flag", () => {
    const fits = applyPreview(data, spec, { preset: "deep", maxItems: 10, maxBytes: 240 }) as Record<string, unknown>;
    expect(fits.truncated).toBe(false);
    expect(fits.items_total).toBe(3);
    const cutEarlier = { ...data, truncated: true };
    const already = applyPreview(cutEarlier, spec as unknown as PreviewSpec<typeof cutEarlier>, { preset: "deep", maxItems: 10, maxBytes: 240 }) as Record<
      string,
      unknown
    >;
    expect(already.truncated).toBe(true);
  });

  it("honours uncapped sections, sections without handles, declared totals and own handles", () => {
    const window = { lines: [{ text: "one" }, { text: "two" }, { text: "three" }], symbols: [{ id: "gsym-1" }, { id: "x" }], total_symbols: 40 };
    const windowSpec: PreviewSpec<typeof window> = {
      sections: [
        previewSection<typeof window, { text: string }>({
          key: "lines",
          prefix: "ln",
          identity: (item) => item.text,
          expand: () => "",
          cap: false,
          handles: false,
          truncate: ["text"],
        }),
        previewSection<typeof window, { id: string }>({
          key: "symbols",
          prefix: "sym",
          identity: (item) => item.id,
          expand: (item) => `show ${item.id}`,
          total: (whole) => whole.total_symbols,
          ownHandle: (item) => (item.id.startsWith("gsym-") ? item.id : null),
        }),
      ],
    };
    expect(applyPreview(window, windowSpec, { preset: null, maxItems: 1, maxBytes: 4 })).toEqual({
      lines: [{ text: "one" }, { text: "two" }, { text: "t…" }],
      symbols: [{ id: "gsym-1", handle: "gsym-1", expand: "show gsym-1" }],
      symbols_total: 40,
      total_symbols: 40,
      truncated: true,
      budget: { preset: null, max_items: 1, max_bytes: 4 },
    });
  });
});
