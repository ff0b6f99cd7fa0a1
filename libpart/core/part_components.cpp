#include "libpart/core/part_components.hpp"

namespace part {

namespace {

constexpr PartId kSearched = -1;

// Searches the components of the vertices whose key is their part (the others' key is
// kSearched), each within its part, from each one's lowest vertex in turn: labels them next,
// next + 1, ..., sets their keys to kSearched and queues their vertices in `queue` (room for
// one more than the graph's vertices) from `tail` on, appending each component's end to
// `first`. Returns the new tail.
VertexId search_unlabelled(const Graph& graph, PartId* key, VertexId* labels, VertexId next,
                           VertexId* queue, VertexId tail, std::vector<VertexId>& first) {
    // A breadth-first search per component, queued in place (each vertex enters once, so the
    // queue of all searches is exactly the grouping wanted), on raw pointers: it runs on
    // every part-refine (fragments, reports). One key per vertex instead of a label and a
    // part: a neighbour is taken when its key is the part searched. Taking it is written
    // without a branch (the neighbour is always written at the tail, which moves on only if
    // taken; its key is or-ed with all ones only if taken): whether a neighbour is new is
    // what the processor cannot predict, and that branch cost more than the loop's work.
    const VertexId n = graph.num_vertices();
    const EdgeOffset* const xadj = graph.xadj.data();
    const VertexId* const adjncy = graph.adjncy.data();
    for (VertexId s = 0; s < n; ++s) {
        const PartId p = key[s];
        if (p == kSearched) continue;
        key[s] = kSearched;
        VertexId head = tail;
        queue[tail++] = s;
        while (head < tail) {
            const VertexId v = queue[head++];
            labels[v] = next;
            const VertexId* row = adjncy + xadj[v];
            const VertexId* const row_end = adjncy + xadj[v + 1];
            for (; row != row_end; ++row) {
                const VertexId u = *row;
                const PartId u_key = key[u];
                const bool take = u_key == p;
                queue[tail] = u;
                tail += take;
                key[u] = u_key | -PartId(take);
            }
        }
        first.push_back(tail);
        ++next;
    }
    return tail;
}

} // namespace

PartComponents find_part_components(const Graph& graph, const std::vector<PartId>& part) {
    const VertexId n = graph.num_vertices();
    PartComponents c;
    c.label.resize(std::size_t(n));
    c.members = std::make_unique_for_overwrite<VertexId[]>(std::size_t(n) + 1);
    c.first.push_back(0);
    std::vector<PartId> key = part;
    search_unlabelled(graph, key.data(), c.label.data(), 0, c.members.get(), 0, c.first);
    return c;
}

PartComponents update_part_components(const Graph& graph, const std::vector<PartId>& part,
                                      PartComponents before, const std::vector<char>& changed) {
    const VertexId n = graph.num_vertices();
    PartComponents c;
    c.label = std::move(before.label);
    VertexId* const labels = c.label.data();
    // Only the marked parts' vertices are searched.
    const auto key = std::make_unique_for_overwrite<PartId[]>(std::size_t(n));
    for (VertexId v = 0; v < n; ++v) key[v] = changed[part[v]] ? part[v] : kSearched;
    // The marked parts' components, labelled from `kept` on (kept: the others' count). A
    // component of `before` lies in a marked part now if its first vertex does (it was one of
    // that part's, or moved there whole).
    VertexId kept = 0;
    for (VertexId b = 0; b < before.num_components(); ++b)
        kept += !changed[part[before.members[before.first[b]]]];
    const auto searched = std::make_unique_for_overwrite<VertexId[]>(std::size_t(n) + 1);
    std::vector<VertexId> searched_first{0};
    search_unlabelled(graph, key.get(), labels, kept, searched.get(), 0, searched_first);
    // Both lists of components by lowest vertex (the first of each), merged into one;
    // every vertex relabelled with its component's place in it.
    c.members = std::make_unique_for_overwrite<VertexId[]>(std::size_t(n));
    c.first.reserve(std::size_t(kept) + searched_first.size());
    c.first.push_back(0);
    VertexId tail = 0;
    auto append = [&](const VertexId* from, VertexId size) {
        const auto id = VertexId(c.first.size() - 1);
        for (VertexId i = 0; i < size; ++i) labels[c.members[tail + i] = from[i]] = id;
        tail += size;
        c.first.push_back(tail);
    };
    VertexId b = 0, s = 0;
    const auto searched_count = VertexId(searched_first.size() - 1);
    for (;;) {
        while (b < before.num_components() &&
               changed[part[before.members[before.first[b]]]]) // in a marked part: searched again
            ++b;
        const bool old_left = b < before.num_components(), new_left = s < searched_count;
        if (!old_left && !new_left) break;
        if (!new_left ||
            (old_left && before.members[before.first[b]] < searched[searched_first[s]])) {
            append(before.members.get() + before.first[b], before.first[b + 1] - before.first[b]);
            ++b;
        } else {
            append(searched.get() + searched_first[s], searched_first[s + 1] - searched_first[s]);
            ++s;
        }
    }
    return c;
}

std::vector<VertexId> PartComponents::per_part(const std::vector<PartId>& part,
                                               PartId num_parts) const {
    std::vector<VertexId> components(std::size_t(num_parts), 0);
    for (VertexId c = 0; c < num_components(); ++c) ++components[part[members[first[c]]]];
    return components;
}

std::vector<VertexId> label_part_components(const Graph& graph, const std::vector<PartId>& part,
                                            VertexId& num_components) {
    PartComponents c = find_part_components(graph, part);
    num_components = c.num_components();
    return std::move(c.label);
}

std::vector<VertexId> count_part_components(const std::vector<VertexId>& label,
                                            VertexId num_components,
                                            const std::vector<PartId>& part, PartId num_parts) {
    // Labels follow the lowest vertex, so a component's first vertex is the first with its
    // label beyond those seen.
    std::vector<VertexId> components(std::size_t(num_parts), 0);
    VertexId seen = 0;
    for (std::size_t v = 0; v < label.size() && seen < num_components; ++v)
        if (label[v] == seen) {
            ++components[part[v]];
            ++seen;
        }
    return components;
}

std::vector<VertexId> components_per_part(const Graph& graph, const std::vector<PartId>& part,
                                          PartId num_parts) {
    return find_part_components(graph, part).per_part(part, num_parts);
}

} // namespace part
