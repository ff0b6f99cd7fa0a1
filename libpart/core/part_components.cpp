#include "libpart/core/part_components.hpp"

namespace part {

PartComponents find_part_components(const Graph& graph, const std::vector<PartId>& part) {
    const VertexId n = graph.num_vertices();
    PartComponents c;
    c.label.assign(std::size_t(n), -1);
    c.members = std::make_unique_for_overwrite<VertexId[]>(std::size_t(n));
    c.first.push_back(0);
    // A breadth-first search per component, queued in `members` (each vertex enters once,
    // so the queue of all searches is exactly the grouping wanted), on raw pointers: it runs
    // on every part-refine (fragments, reports).
    const EdgeOffset* const xadj = graph.xadj.data();
    const VertexId* const adjncy = graph.adjncy.data();
    const PartId* const parts = part.data();
    VertexId* const labels = c.label.data();
    VertexId* const queue = c.members.get();
    VertexId count = 0, tail = 0;
    for (VertexId s = 0; s < n; ++s) {
        if (labels[s] >= 0) continue;
        const PartId p = parts[s];
        labels[s] = count;
        VertexId head = tail;
        queue[tail++] = s;
        while (head < tail) {
            const VertexId v = queue[head++];
            const VertexId* row = adjncy + xadj[v];
            const VertexId* const row_end = adjncy + xadj[v + 1];
            for (; row != row_end; ++row) {
                const VertexId u = *row;
                if (labels[u] < 0 && parts[u] == p) {
                    labels[u] = count;
                    queue[tail++] = u;
                }
            }
        }
        c.first.push_back(tail);
        ++count;
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
