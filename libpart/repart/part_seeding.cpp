#include "libpart/repart/part_seeding.hpp"

#include "libpart/core/metrics.hpp"

namespace part {

VertexId deepest_vertex(const Graph& graph, const std::vector<PartId>& part, PartId p) {
    std::vector<VertexId> distance(part.size(), -1), frontier;
    VertexId any = -1;
    for (VertexId v = 0; v < graph.num_vertices(); ++v) {
        if (part[v] != p) continue;
        if (any < 0) any = v;
        for (VertexId u : graph.neighbours(v))
            if (part[u] != p) {
                distance[v] = 0;
                frontier.push_back(v);
                break;
            }
    }
    if (frontier.empty()) return any; // the part is a whole component: any vertex will do
    VertexId deepest = frontier.front();
    for (std::size_t i = 0; i < frontier.size(); ++i) {
        const VertexId v = frontier[i];
        if (distance[v] > distance[deepest] || (distance[v] == distance[deepest] && v < deepest))
            deepest = v;
        for (VertexId u : graph.neighbours(v))
            if (part[u] == p && distance[u] < 0) {
                distance[u] = distance[v] + 1;
                frontier.push_back(u);
            }
    }
    return deepest;
}

WeightSum carve_ball(const Graph& graph, std::vector<PartId>& part, PartId host, PartId fresh,
                     VertexId centre, WeightSum wanted, WeightSum host_weight) {
    const WeightSum limit = std::max<WeightSum>(1, std::min(wanted, host_weight / 2));
    std::vector<char> queued(part.size(), 0);
    std::vector<VertexId> queue{centre};
    queued[centre] = 1;
    WeightSum taken = 0;
    for (std::size_t i = 0; i < queue.size() && taken < limit; ++i) {
        const VertexId v = queue[i];
        part[v] = fresh;
        taken += graph.vertex_weight(v);
        for (VertexId u : graph.neighbours(v))
            if (part[u] == host && !queued[u]) {
                queued[u] = 1;
                queue.push_back(u);
            }
    }
    return taken;
}

namespace {

// Shrinking: parts on active ranks keep their logical id (logical_of_old: the new part on
// each old rank, -1 where it retires); every other part joins the active part it shares the
// most edge weight with (else the lightest one).
std::vector<PartId> merge_retired_parts(const Graph& graph, const Partition& old_partition,
                                        const std::vector<PartId>& new_part_rank,
                                        std::vector<PartId> logical_of_old) {
    const PartId k = old_partition.num_parts;
    const Graph quotient = quotient_graph(graph, old_partition.part, k);
    const auto weights = part_weights(graph, old_partition.part, k);
    for (PartId p = 0; p < k; ++p) {
        if (logical_of_old[p] >= 0) continue;
        PartId best = -1;
        Weight best_link = -1;
        for (EdgeOffset e = quotient.xadj[p]; e < quotient.xadj[p + 1]; ++e) {
            const PartId neighbour = quotient.adjncy[e];
            if (logical_of_old[neighbour] >= 0 && neighbour != p &&
                quotient.adjwgt[e] > best_link) {
                best_link = quotient.adjwgt[e];
                best = neighbour;
            }
        }
        if (best < 0)
            for (PartId q : new_part_rank)
                if (best < 0 || weights[std::size_t(q) * graph.num_constraints()] <
                                    weights[std::size_t(best) * graph.num_constraints()])
                    best = q;
        logical_of_old[p] = logical_of_old[best];
    }
    std::vector<PartId> part(old_partition.part.size());
    for (std::size_t v = 0; v < part.size(); ++v) part[v] = logical_of_old[old_partition.part[v]];
    return part;
}

// Growing: each new part K..K2-1 is carved, as a ball of its target weight, out of the part
// heaviest for its target around that part's deepest vertex; GDE then balances the rest
// through the quotient graph, which now links the new part to where the load is.
void seed_new_parts(const Graph& graph, std::vector<PartId>& part, PartId old_parts,
                    const Partition& target) {
    auto weights = part_weights(graph, part, target.num_parts);
    const int ncon = graph.num_constraints();
    const WeightSum total = graph.total_vertex_weight()[0];
    for (PartId fresh = old_parts; fresh < target.num_parts; ++fresh) {
        PartId heaviest = 0;
        for (PartId p = 1; p < fresh; ++p)
            if (double(weights[std::size_t(p) * ncon]) / target.target(p) >
                double(weights[std::size_t(heaviest) * ncon]) / target.target(heaviest))
                heaviest = p;
        const VertexId centre = deepest_vertex(graph, part, heaviest);
        const auto wanted = WeightSum(double(total) * target.target(fresh));
        const WeightSum moved = carve_ball(graph, part, heaviest, fresh, centre, wanted,
                                           weights[std::size_t(heaviest) * ncon]);
        weights[std::size_t(heaviest) * ncon] -= moved;
        weights[std::size_t(fresh) * ncon] += moved;
    }
}

} // namespace

RepartStart repart_start(const Graph& graph, const Partition& old_partition,
                         const RepartResult& started) {
    RepartStart start{started.partition, {}};
    std::vector<PartId> part_on_rank(std::size_t(old_partition.num_parts), -1);
    for (PartId q = 0; q < PartId(started.new_part_rank.size()); ++q)
        if (started.new_part_rank[q] < old_partition.num_parts)
            part_on_rank[started.new_part_rank[q]] = q;
    if (started.partition.num_parts < old_partition.num_parts) {
        start.partition.part =
            merge_retired_parts(graph, old_partition, started.new_part_rank, part_on_rank);
    } else {
        start.partition.part = old_partition.part;
        seed_new_parts(graph, start.partition.part, old_partition.num_parts, start.partition);
    }
    start.origin.resize(old_partition.part.size());
    for (std::size_t v = 0; v < old_partition.part.size(); ++v)
        start.origin[v] = part_on_rank[old_partition.part[v]];
    return start;
}

} // namespace part
