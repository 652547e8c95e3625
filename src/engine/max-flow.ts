/** Dinic's maximum flow on a growable arc list (integer capacities), iterative to avoid deep recursion. */
export interface FlowNetwork {
  nodeCount: number;
  addArc(from: number, to: number, capacity: number): void;
  maxFlow(source: number, sink: number): number;
}

export function createFlowNetwork(nodeCount: number): FlowNetwork {
  let size = 0;
  let to = new Int32Array(1024);
  let cap = new Int32Array(1024);
  let next = new Int32Array(1024);
  const head = new Int32Array(nodeCount).fill(-1);
  const grow = () => {
    const bigger = (a: Int32Array) => {
      const b = new Int32Array(a.length * 2);
      b.set(a);
      return b;
    };
    to = bigger(to);
    cap = bigger(cap);
    next = bigger(next);
  };
  const push = (from: number, target: number, capacity: number) => {
    if (size === to.length) grow();
    to[size] = target;
    cap[size] = capacity;
    next[size] = head[from]!;
    head[from] = size++;
  };

  const maxFlow = (source: number, sink: number): number => {
    const level = new Int32Array(nodeCount);
    const current = new Int32Array(nodeCount);
    const queue = new Int32Array(nodeCount);
    const pathArc = new Int32Array(nodeCount);
    let total = 0;
    for (;;) {
      level.fill(-1);
      level[source] = 0;
      let qh = 0;
      let qt = 0;
      queue[qt++] = source;
      while (qh < qt) {
        const v = queue[qh++]!;
        for (let a = head[v]!; a >= 0; a = next[a]!)
          if (cap[a]! > 0 && level[to[a]!]! < 0) {
            level[to[a]!] = level[v]! + 1;
            queue[qt++] = to[a]!;
          }
      }
      if (level[sink]! < 0) return total;
      current.set(head);
      // Depth-first search for blocking flow, one augmenting path at a time.
      let depth = 0;
      let v = source;
      for (;;) {
        if (v === sink) {
          let bottleneck = Number.MAX_SAFE_INTEGER;
          for (let i = 0; i < depth; i++) bottleneck = Math.min(bottleneck, cap[pathArc[i]!]!);
          for (let i = 0; i < depth; i++) {
            cap[pathArc[i]!]! -= bottleneck;
            cap[pathArc[i]! ^ 1]! += bottleneck;
          }
          total += bottleneck;
          depth = 0;
          v = source;
          continue;
        }
        let a = current[v]!;
        while (a >= 0 && !(cap[a]! > 0 && level[to[a]!] === level[v]! + 1)) a = next[a]!;
        current[v] = a;
        if (a >= 0) {
          pathArc[depth++] = a;
          v = to[a]!;
        } else {
          if (depth === 0) break;
          level[v] = -1;
          depth--;
          v = to[pathArc[depth]! ^ 1]!;
          current[v] = next[current[v]!]!;
        }
      }
    }
  };

  return {
    nodeCount,
    addArc(from, target, capacity) {
      push(from, target, capacity);
      push(target, from, 0);
    },
    maxFlow,
  };
}
