/**
 * Tarjan's strongly connected components over a compressed adjacency (CSR: the targets of
 * node v are `targets[offsets[v] .. offsets[v + 1])`), run iteratively with explicit
 * stacks so a 100k-node chain cannot overflow the JS call stack. graphology-components'
 * `stronglyConnectedComponents` recurses once per node and does overflow there, which is
 * why tsift keeps this one.
 *
 * Returns the components in the order Tarjan completes them (reverse topological order of
 * the condensation) and each node's component index.
 */
export function tarjan(n: number, offsets: Int32Array, targets: Int32Array): { components: number[][]; componentOf: Int32Array } {
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const nextEdge = new Int32Array(n);
  const stack = new Int32Array(n);
  const callStack = new Int32Array(n);
  const componentOf = new Int32Array(n);
  let stackTop = 0;
  let callTop = 0;
  let counter = 0;
  const components: number[][] = [];

  const visit = (v: number): void => {
    index[v] = counter;
    low[v] = counter;
    counter++;
    stack[stackTop++] = v;
    onStack[v] = 1;
    nextEdge[v] = offsets[v]!;
    callStack[callTop++] = v;
  };

  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    visit(root);
    while (callTop > 0) {
      const v = callStack[callTop - 1]!;
      if (nextEdge[v]! < offsets[v + 1]!) {
        const w = targets[nextEdge[v]!++]!;
        if (index[w] === -1) {
          visit(w);
        } else if (onStack[w] === 1 && index[w]! < low[v]!) {
          low[v] = index[w]!;
        }
        continue;
      }
      callTop--;
      if (callTop > 0) {
        const parent = callStack[callTop - 1]!;
        if (low[v]! < low[parent]!) low[parent] = low[v]!;
      }
      if (low[v] === index[v]) {
        const members: number[] = [];
        let w: number;
        do {
          w = stack[--stackTop]!;
          onStack[w] = 0;
          componentOf[w] = components.length;
          members.push(w);
        } while (w !== v);
        components.push(members);
      }
    }
  }
  return { components, componentOf };
}
