#include "libpart/order/graph_search.hpp"

#include <algorithm>

namespace part {

std::vector<VertexId> breadth_first(const Graph& graph, VertexId source,
                                    std::vector<VertexId>& distance) {
    std::vector<VertexId> visited{source};
    distance[source] = 0;
    for (std::size_t head = 0; head < visited.size(); ++head) {
        const VertexId u = visited[head];
        for (VertexId v : graph.neighbours(u))
            if (distance[v] < 0) {
                distance[v] = distance[u] + 1;
                visited.push_back(v);
            }
    }
    return visited;
}

VertexId pseudo_peripheral_vertex(const Graph& graph, VertexId start,
                                  std::vector<VertexId>& distance) {
    VertexId root = start;
    VertexId depth = -1;
    for (int sweep = 0; sweep < 8; ++sweep) {
        const std::vector<VertexId> visited = breadth_first(graph, root, distance);
        const VertexId last_depth = distance[visited.back()];
        VertexId candidate = visited.back();
        for (auto it = visited.rbegin(); it != visited.rend() && distance[*it] == last_depth; ++it)
            if (graph.degree(*it) < graph.degree(candidate) ||
                (graph.degree(*it) == graph.degree(candidate) && *it < candidate))
                candidate = *it;
        for (VertexId v : visited) distance[v] = -1;
        if (last_depth <= depth) break;
        depth = last_depth;
        root = candidate;
    }
    return root;
}

namespace {

// Runs `search(source, sequence)` once per component, in order, and turns the resulting
// visiting sequence into positions.
template <typename Search>
Permutation order_components(const Graph& graph, int seed, Search search) {
    const VertexId n = graph.num_vertices();
    std::vector<VertexId> distance(std::size_t(n), -1);
    std::vector<char> done(std::size_t(n), 0);
    std::vector<VertexId> sequence;
    sequence.reserve(static_cast<std::size_t>(n));
    if (n == 0) return {};
    const VertexId first = seed > 0 ? VertexId(seed % n) : 0;
    for (VertexId i = -1; i < n; ++i) { // the seeded vertex's component first
        const VertexId start = i < 0 ? first : i;
        if (done[start]) continue;
        const VertexId source = pseudo_peripheral_vertex(graph, start, distance);
        const std::size_t before = sequence.size();
        search(source, distance, sequence);
        for (std::size_t j = before; j < sequence.size(); ++j) {
            done[sequence[j]] = 1;
            distance[sequence[j]] = -1;
        }
    }
    return inverse_permutation(sequence);
}

} // namespace

Permutation bfs_order(const Graph& graph, int seed) {
    return order_components(
        graph, seed,
        [&](VertexId source, std::vector<VertexId>& distance, std::vector<VertexId>& sequence) {
            const std::vector<VertexId> visited = breadth_first(graph, source, distance);
            sequence.insert(sequence.end(), visited.begin(), visited.end());
        });
}

Permutation rcm_order(const Graph& graph, int seed) {
    Permutation cm = order_components(
        graph, seed,
        [&](VertexId source, std::vector<VertexId>& mark, std::vector<VertexId>& sequence) {
            std::size_t head = sequence.size();
            sequence.push_back(source);
            mark[source] = 0;
            std::vector<VertexId> fresh;
            for (; head < sequence.size(); ++head) {
                fresh.clear();
                for (VertexId v : graph.neighbours(sequence[head]))
                    if (mark[v] < 0) {
                        mark[v] = 0;
                        fresh.push_back(v);
                    }
                std::sort(fresh.begin(), fresh.end(), [&](VertexId a, VertexId b) {
                    return graph.degree(a) != graph.degree(b) ? graph.degree(a) < graph.degree(b)
                                                              : a < b;
                });
                sequence.insert(sequence.end(), fresh.begin(), fresh.end());
            }
        });
    const VertexId last = VertexId(cm.size()) - 1;
    for (VertexId& position : cm) position = last - position;
    return cm;
}

} // namespace part
