#include "libpart/partition/farhat_partition.hpp"

#include <algorithm>
#include <cstdint>
#include <queue>
#include <tuple>

#include "libpart/order/graph_search.hpp"

namespace part {

namespace {

// A front entry: (edges to unassigned vertices, arrival order, vertex); smallest first, so
// ties go breadth-first. Stale entries (count changed, vertex taken) are skipped on pop.
using FrontEntry = std::tuple<WeightSum, std::int64_t, VertexId>;
using Front = std::priority_queue<FrontEntry, std::vector<FrontEntry>, std::greater<>>;

} // namespace

std::vector<PartId> farhat_partition(const Graph& graph, PartId k,
                                     const std::vector<double>& targets, double tolerance,
                                     int seed) {
    const VertexId n = graph.num_vertices();
    std::vector<PartId> part(std::size_t(n), -1);
    if (n == 0) return part;
    std::vector<WeightSum> outside(std::size_t(n), 0); // weighted edges to unassigned vertices
    for (VertexId v = 0; v < n; ++v)
        for (EdgeOffset e = graph.xadj[v]; e < graph.xadj[v + 1]; ++e)
            outside[v] += graph.edge_weight(e);
    const WeightSum total = graph.total_vertex_weight()[0];

    std::vector<VertexId> distance(std::size_t(n), -1);
    const VertexId first =
        pseudo_peripheral_vertex(graph, seed > 0 ? VertexId(seed % n) : 0, distance);
    std::vector<VertexId> previous_part;
    std::vector<VertexId> members;
    std::int64_t arrival = 0;
    VertexId unassigned = n, scan = 0;
    double cumulative = 0;
    WeightSum assigned_weight = 0;
    for (PartId p = 0; p < k; ++p) {
        cumulative += target_fraction(targets, k, p);
        const double goal =
            p + 1 == k ? double(total) : cumulative * double(total) - double(assigned_weight);
        const double share = target_fraction(targets, k, p) * double(total);
        const VertexId must_leave = k - p - 1; // one vertex for every later part
        Front front;
        // Seed: the unassigned vertex next to part p-1 with the fewest unassigned neighbours,
        // the most enclosed corner, so the part grows as a compact blob from there rather than
        // as a thin shell over the whole boundary.
        VertexId seed_vertex = p == 0 ? first : -1;
        for (VertexId u : previous_part)
            for (VertexId v : graph.neighbours(u))
                if (part[v] < 0 && (seed_vertex < 0 || outside[v] < outside[seed_vertex] ||
                                    (outside[v] == outside[seed_vertex] && v < seed_vertex)))
                    seed_vertex = v;
        if (seed_vertex >= 0) front.emplace(outside[seed_vertex], arrival++, seed_vertex);
        members.clear();
        double weight = 0;
        while (unassigned > must_leave) {
            if (front.empty()) { // previous part enclosed or a new component: restart anywhere
                while (part[scan] >= 0) ++scan;
                front.emplace(outside[scan], arrival++, scan);
            }
            const auto [count, order, v] = front.top();
            front.pop();
            if (part[v] >= 0 || count != outside[v]) continue;
            const double w = graph.vertex_weight(v);
            if (p + 1 < k && !members.empty()) {
                const double cap = std::min(goal + tolerance * share, share * (1 + tolerance));
                if (weight >= goal - tolerance * share) { // close enough: only fill pockets
                    if (count > 0 || weight + w > cap) break;
                } else if (weight + w - goal > goal - weight) { // closer to the goal without v
                    break;
                }
            }
            part[v] = p;
            members.push_back(v);
            --unassigned;
            weight += w;
            for (EdgeOffset e = graph.xadj[v]; e < graph.xadj[v + 1]; ++e) {
                const VertexId u = graph.adjncy[e];
                if (part[u] >= 0) continue;
                outside[u] -= graph.edge_weight(e);
                front.emplace(outside[u], arrival++, u);
            }
        }
        assigned_weight += WeightSum(weight);
        if (!members.empty()) previous_part.swap(members);
    }
    return part;
}

} // namespace part
