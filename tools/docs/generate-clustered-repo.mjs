#!/usr/bin/env node
// Writes a 512-file TypeScript repository with a known cluster structure, the input the
// graph-view figures of docs/benchmarks/graph-queries.md and the "clusters, not a hairball" check use: 8 packages
// × 4 modules × 16 files, each file importing and calling three files of its own module,
// 30% one file of another module of its package, 5% a file of another package. A seeded
// generator, so every run writes the same tree.
//
//   node tools/docs/generate-clustered-repo.mjs /tmp/r500 && cd /tmp/r500 && tsift map --out map.html
import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

const root = process.argv[2];
if (!root) {
  console.error("usage: generate-clustered-repo.mjs <empty directory>");
  process.exit(2);
}
let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = (n) => Math.floor(random() * n);
const [PACKAGES, MODULES, FILES] = [8, 4, 16];
const dirOf = (p, m) => `packages/pkg${p}/src/mod${m}`;
for (let p = 0; p < PACKAGES; p++) {
  for (let m = 0; m < MODULES; m++) {
    const dir = dirOf(p, m);
    mkdirSync(join(root, dir), { recursive: true });
    for (let f = 0; f < FILES; f++) {
      const targets = new Set();
      for (let k = 0; k < 3; k++) targets.add(`${p},${m},${pick(FILES)}`);
      if (random() < 0.3) targets.add(`${p},${pick(MODULES)},${pick(FILES)}`);
      if (random() < 0.05) targets.add(`${pick(PACKAGES)},0,0`);
      targets.delete(`${p},${m},${f}`);
      const imports = [];
      const calls = [];
      for (const target of [...targets].sort()) {
        const [tp, tm, tf] = target.split(",").map(Number);
        let spec = relative(dir, `${dirOf(tp, tm)}/f${tf}`);
        if (!spec.startsWith(".")) spec = `./${spec}`;
        imports.push(`import { fn_${tp}_${tm}_${tf} } from "${spec}";`);
        calls.push(`  fn_${tp}_${tm}_${tf}();`);
      }
      writeFileSync(join(root, dir, `f${f}.ts`), `${imports.join("\n")}\n\nexport function fn_${p}_${m}_${f}(): void {\n${calls.join("\n")}\n}\n`);
    }
  }
}
console.log(`wrote ${PACKAGES * MODULES * FILES} files under ${root}`);
