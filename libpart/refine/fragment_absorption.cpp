#include "libpart/refine/fragment_absorption.hpp"

#include <algorithm>

#include "libpart/core/metrics.hpp"
#include "libpart/core/part_components.hpp"
#include "libpart/refine/boundary_polish.hpp"
#include "libpart/refine/overload_balancer.hpp"

namespace part::refine {

namespace {

struct Round {
    VertexId moved = 0;
    // Every fragment found moved: each part is then its largest component and the fragments
    // it received, each touching it when it arrived, and a part that received sent nothing
    // afterwards, so every part is connected and a further round would move nothing.
    bool all_moved = false;
};

// One round, on the components `found` of the partition as it is; marks in `changed` the
// parts that received a fragment (a part that only sent keeps its other components as they
// were, so only the receivers need a new search).
Round absorb_round(const Graph& graph, Partition& partition, const PartComponents& found,
                   const std::vector<WeightSum>* max_weight, FragmentResult& result,
                   std::vector<char>& changed) {
    const PartId k = partition.num_parts;
    std::vector<PartId>& part = partition.part;
    const VertexId count = found.num_components();
    const VertexId* const members = found.members.get();
    const std::vector<VertexId>& start = found.first; // component c: members[start[c], start[c+1])

    // Weight and part of each component.
    std::vector<WeightSum> weight(std::size_t(count), 0);
    std::vector<PartId> owner(std::size_t(count), -1);
    for (VertexId c = 0; c < count; ++c) {
        owner[c] = part[members[start[c]]];
        if (!graph.has_vertex_weights()) {
            weight[c] = start[c + 1] - start[c];
            continue;
        }
        for (VertexId i = start[c]; i < start[c + 1]; ++i)
            weight[c] += graph.vertex_weight(members[i]);
    }
    std::vector<VertexId> largest(std::size_t(k), -1);
    std::vector<WeightSum> part_weight(std::size_t(k), 0);
    for (VertexId c = 0; c < count; ++c) part_weight[owner[c]] += weight[c];
    for (VertexId c = 0; c < count; ++c) {
        VertexId& best = largest[owner[c]];
        if (best < 0 || weight[c] > weight[best]) best = c;
    }
    // Smallest fragments first: they are the cheapest to place and the most likely noise.
    std::vector<VertexId> fragments;
    for (VertexId c = 0; c < count; ++c)
        if (largest[owner[c]] != c) fragments.push_back(c);
    if (fragments.empty()) return {0, true};
    std::stable_sort(fragments.begin(), fragments.end(),
                     [&](VertexId a, VertexId b) { return weight[a] < weight[b]; });

    std::vector<char> received(std::size_t(k), 0);
    std::vector<WeightSum> shared(std::size_t(k), 0);
    std::vector<PartId> touched;
    VertexId moved = 0;
    for (VertexId c : fragments) {
        const PartId home = owner[c];
        if (received[home]) continue; // its components may have merged this round
        touched.clear();
        for (VertexId i = start[c]; i < start[c + 1]; ++i) {
            const VertexId v = members[i];
            for (EdgeOffset e = graph.xadj[v]; e < graph.xadj[v + 1]; ++e) {
                const PartId p = part[graph.adjncy[e]];
                if (p == home) continue;
                if (shared[p] == 0) touched.push_back(p);
                shared[p] += graph.edge_weight(e);
            }
        }
        PartId to = -1;
        for (PartId p : touched) {
            if (max_weight && part_weight[p] + weight[c] > (*max_weight)[p]) continue;
            if (to < 0 || shared[p] > shared[to] || (shared[p] == shared[to] && p < to)) to = p;
        }
        if (to >= 0) result.cut_reduction += shared[to];
        for (PartId p : touched) shared[p] = 0;
        if (to < 0) { // no edge leaves it (a component of the graph), or no room next to it
            ++result.fragments_left;
            continue;
        }
        part_weight[home] -= weight[c];
        part_weight[to] += weight[c];
        for (VertexId i = start[c]; i < start[c + 1]; ++i) part[members[i]] = to;
        received[to] = 1;
        changed[to] = 1;
        ++moved;
        result.vertices_moved += start[c + 1] - start[c];
    }
    result.fragments_moved += moved;
    return {moved, moved == VertexId(fragments.size())};
}

} // namespace

FragmentResult absorb_fragments(const Graph& graph, Partition& partition,
                                const std::vector<WeightSum>* max_weight) {
    FragmentResult result;
    PartComponents found = find_part_components(graph, partition.part);
    for (;;) {
        result.fragments_left = 0;
        std::vector<char> changed(std::size_t(partition.num_parts), 0);
        const Round round = absorb_round(graph, partition, found, max_weight, result, changed);
        if (round.moved == 0 || round.all_moved) break;
        // The next round's components: only the parts that received have new ones.
        found = update_part_components(graph, partition.part, std::move(found), changed);
    }
    return result;
}

void connect_parts(const Graph& graph, Partition& partition, double tolerance) {
    // Where the neighbours have room, a round or two settle it; where they have none, the load
    // would have to pass through chains of parts, and more rounds would only cycle.
    constexpr int kRounds = 4;
    const std::vector<WeightSum> limits = part_weight_limits(graph, partition, tolerance);
    for (int round = 0; round < kRounds; ++round) {
        absorb_fragments(graph, partition, &limits);
        absorb_fragments(graph, partition);
        const std::vector<WeightSum> weights =
            part_weights(graph, partition.part, partition.num_parts);
        bool overloaded = false;
        for (PartId p = 0; p < partition.num_parts; ++p)
            overloaded =
                overloaded || weights[std::size_t(p) * graph.num_constraints()] > limits[p];
        if (!overloaded) return;
        balance_overloaded_parts(graph, partition, {.tolerance = tolerance});
    }
    absorb_fragments(graph, partition);
}

} // namespace part::refine
