#!/usr/bin/env python3
"""Estimates of the fewest vertices a repartitioning must move (bench/repart.sh, issue 6).

move_bound.py GRAPH OLD.part K TOLERANCE
    GRAPH is a METIS graph with vertex weights (fmt 010), OLD.part the old partition, K its
    part count. Every part must end at most (1 + TOLERANCE) x the average weight. Prints:

    any-move bound: each overloaded part sheds its excess with its heaviest vertices, and a
        vertex may go anywhere (no adjacency): no method can move fewer.
    border-flow estimate: weight may only cross borders of the old quotient graph, each part
        sending its own vertices (its heaviest first: a vertex crossing a border costs 1
        whatever its weight), so weight passed on through a part costs again as that part's
        vertices. The least-cost flow under this model (min-cost flow on the quotient graph,
        successive shortest paths). It models methods that shift borders between
        neighbouring parts (GDE's workload adjuster); it is an estimate, not a proof: a
        vertex carried over two borders in two rounds counts once in the real figure. A part
        whose own vertices do not suffice passes on received weight at 1 per unit.
    least weight-hops: the smallest sum over borders of the weight crossing them (min-cost
        flow, one per border crossed) that brings every part within the limit: no choice of
        flows between parts (the decision maker's job) carries the excess with less.
"""
import heapq
import math
import sys


def read_graph(path):
    with open(path) as f:
        rows = [l for l in f.read().split("\n") if not l.startswith("%")]
    head = rows[0].split()
    n = int(head[0])
    fmt = head[2] if len(head) > 2 else "0"
    weighted = len(fmt) >= 2 and fmt[-2] == "1"
    edge_weights = fmt[-1] == "1"
    weight, adj = [], []
    for v in range(n):
        f = rows[1 + v].split()
        w = int(f[0]) if weighted else 1
        f = f[1:] if weighted else f
        step = 2 if edge_weights else 1
        weight.append(w)
        adj.append([int(x) - 1 for x in f[::step]])
    return weight, adj


def min_cost_flow(nodes, arcs, source, sink, need):
    """Successive shortest paths (Bellman-Ford). arcs: list of [u, v, cap, cost]."""
    graph = [[] for _ in range(nodes)]
    to, cap, cost = [], [], []
    for u, v, c, w in arcs:
        for a, b, cc, ww in ((u, v, c, w), (v, u, 0, -w)):
            graph[a].append(len(to))
            to.append(b)
            cap.append(cc)
            cost.append(ww)
    flow, total = 0.0, 0.0
    while flow < need - 1e-9:
        dist = [math.inf] * nodes
        via = [-1] * nodes
        dist[source] = 0
        for _ in range(nodes):
            changed = False
            for u in range(nodes):
                if dist[u] == math.inf:
                    continue
                for e in graph[u]:
                    if cap[e] > 1e-12 and dist[u] + cost[e] < dist[to[e]] - 1e-12:
                        dist[to[e]] = dist[u] + cost[e]
                        via[to[e]] = e
                        changed = True
            if not changed:
                break
        if dist[sink] == math.inf:
            return None
        push, v = need - flow, sink
        while v != source:
            e = via[v]
            push = min(push, cap[e])
            v = to[e ^ 1]
        v = sink
        while v != source:
            e = via[v]
            cap[e] -= push
            cap[e ^ 1] += push
            v = to[e ^ 1]
        flow += push
        total += push * dist[sink]
    return total


def main(graph_path, part_path, k, tolerance):
    k, tolerance = int(k), float(tolerance)
    weight, adj = read_graph(graph_path)
    part = [int(l) for l in open(part_path) if l.strip()]
    load = [0] * k
    by_part = [dict() for _ in range(k)]  # weight -> count
    for v, p in enumerate(part):
        load[p] += weight[v]
        by_part[p][weight[v]] = by_part[p].get(weight[v], 0) + 1
    cap = (1 + tolerance) * sum(load) / k
    cap = math.floor(cap)

    # Any-move bound: heaviest vertices first out of each overloaded part.
    any_move = 0
    for p in range(k):
        excess = load[p] - cap
        for w in sorted(by_part[p], reverse=True):
            if excess <= 0:
                break
            take = min(by_part[p][w], math.ceil(excess / w))
            any_move += take
            excess -= take * w

    # Border-flow bound. Node p (part) has, per vertex weight class w, an "out" node with
    # capacity w x count and cost 1/w per weight unit; out nodes feed the neighbouring parts.
    links = set()
    for v, p in enumerate(part):
        for u in adj[v]:
            if part[u] != p:
                links.add((p, part[u]))
    source, sink = 0, 1
    nodes = 2 + k
    arcs = []
    need = 0
    for p in range(k):
        if load[p] > cap:
            arcs.append([source, 2 + p, load[p] - cap, 0])
            need += load[p] - cap
        elif load[p] < cap:
            arcs.append([2 + p, sink, cap - load[p], 0])
        # Own vertices by weight class, then (the last class, unbounded) weight passed on
        # beyond all of its own, counted like weight-1 vertices: a part near a large hot spot
        # may have to forward more than it holds, which would otherwise leave no flow at all.
        classes = [(w * count, 1.0 / w) for w, count in by_part[p].items()]
        classes.append((sum(load), 1.0))
        for capacity, cost in classes:
            out = nodes
            nodes += 1
            arcs.append([2 + p, out, capacity, cost])
            for a, b in links:
                if a == p:
                    arcs.append([out, 2 + b, capacity, 0])
    border = min_cost_flow(nodes, arcs, source, sink, need)

    # Least weight x hops: every unit of excess to room along the quotient graph, one per
    # border crossed, whatever carries it; what a flow-choosing decision maker can reach.
    hop_arcs = [a for a in arcs if a[0] == source or a[1] == sink]
    hop_arcs += [[2 + a, 2 + b, need, 1] for a, b in links]
    weight_hops = min_cost_flow(2 + k, hop_arcs, source, sink, need)
    print(f"cap per part {cap} (average {sum(load) / k:.1f}), overloaded parts "
          f"{sum(1 for x in load if x > cap)}, excess weight {need}")
    print(f"any-move bound {any_move}")
    print(f"border-flow estimate {border:.0f}" if border is not None else "border-flow estimate none")
    print(f"least weight-hops {weight_hops:.0f}")


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    main(*sys.argv[1:])
