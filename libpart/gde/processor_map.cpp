#include "libpart/gde/processor_map.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

#include "libpart/order/graph_search.hpp"

namespace part::gde {

std::vector<int> hop_distances(const Graph& network) {
    const VertexId n = network.num_vertices();
    std::vector<int> dist(std::size_t(n) * n, -1);
    std::vector<VertexId> distance(std::size_t(n), -1);
    for (VertexId s = 0; s < n; ++s)
        for (VertexId v : breadth_first(network, s, distance)) {
            dist[std::size_t(s) * n + v] = int(distance[v]);
            distance[v] = -1;
        }
    return dist;
}

namespace {

// Parts in breadth-first order from the part with the most neighbours, following heavier
// links first; every component is covered.
std::vector<PartId> placement_order(const Graph& quotient) {
    const VertexId k = quotient.num_vertices();
    std::vector<PartId> by_degree(static_cast<std::size_t>(k));
    std::iota(by_degree.begin(), by_degree.end(), 0);
    std::stable_sort(by_degree.begin(), by_degree.end(),
                     [&](PartId a, PartId b) { return quotient.degree(a) > quotient.degree(b); });
    std::vector<char> queued(std::size_t(k), 0);
    std::vector<PartId> order;
    std::vector<std::pair<Weight, PartId>> row;
    for (PartId start : by_degree) {
        if (queued[start]) continue;
        queued[start] = 1;
        std::size_t head = order.size();
        order.push_back(start);
        while (head < order.size()) {
            const PartId u = order[head++];
            row.clear();
            for (EdgeOffset e = quotient.xadj[u]; e < quotient.xadj[u + 1]; ++e)
                if (!queued[quotient.adjncy[e]])
                    row.emplace_back(-quotient.edge_weight(e), quotient.adjncy[e]);
            std::sort(row.begin(), row.end());
            for (auto [w, v] : row) {
                queued[v] = 1;
                order.push_back(v);
            }
        }
    }
    return order;
}

} // namespace

ProcessorMap map_parts(const Graph& quotient, const Graph& network, MapKind kind) {
    const VertexId k = quotient.num_vertices();
    if (network.num_vertices() != k)
        throw InvalidArgument("the network has " + std::to_string(network.num_vertices()) +
                              " processors but the partition has " + std::to_string(k) + " parts");
    ProcessorMap map;
    map.processor_of.assign(std::size_t(k), -1);
    map.part_on.assign(std::size_t(k), -1);
    if (kind == MapKind::Identity) {
        std::iota(map.processor_of.begin(), map.processor_of.end(), 0);
        std::iota(map.part_on.begin(), map.part_on.end(), 0);
        return map;
    }
    const auto dist = hop_distances(network);
    // Unreachable processors count as far away rather than free of cost.
    const std::int64_t far = std::int64_t(k) + 1;
    for (PartId p : placement_order(quotient)) {
        VertexId best = -1;
        std::int64_t best_cost = std::numeric_limits<std::int64_t>::max();
        for (VertexId q = 0; q < k; ++q) {
            if (map.part_on[q] >= 0) continue;
            std::int64_t cost = 0;
            for (EdgeOffset e = quotient.xadj[p]; e < quotient.xadj[p + 1]; ++e) {
                const VertexId placed = map.processor_of[quotient.adjncy[e]];
                if (placed < 0) continue;
                const int d = dist[std::size_t(q) * k + placed];
                cost += std::int64_t(quotient.edge_weight(e)) * (d < 0 ? far : d);
            }
            // The first part of each component goes to the best-connected free processor.
            if (cost == 0) cost = -network.degree(q);
            if (cost < best_cost) {
                best_cost = cost;
                best = q;
            }
        }
        map.processor_of[p] = best;
        map.part_on[best] = p;
    }
    return map;
}

} // namespace part::gde
