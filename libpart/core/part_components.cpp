#include "libpart/core/part_components.hpp"

#include <memory>

namespace part {

std::vector<VertexId> label_part_components(const Graph& graph, const std::vector<PartId>& part,
                                            VertexId& num_components) {
    const VertexId n = graph.num_vertices();
    std::vector<VertexId> label(std::size_t(n), -1);
    // A depth-first search per component on a stack that cannot overflow (each vertex is
    // pushed once), with raw pointers: it ran three times per part-refine.
    const auto stack = std::make_unique_for_overwrite<VertexId[]>(std::size_t(n));
    const EdgeOffset* const xadj = graph.xadj.data();
    const VertexId* const adjncy = graph.adjncy.data();
    VertexId* const labels = label.data();
    VertexId count = 0;
    for (VertexId s = 0; s < n; ++s) {
        if (labels[s] >= 0) continue;
        const PartId p = part[s];
        labels[s] = count;
        std::size_t top = 0;
        stack[top++] = s;
        while (top > 0) {
            const VertexId v = stack[--top];
            for (EdgeOffset e = xadj[v]; e < xadj[v + 1]; ++e) {
                const VertexId u = adjncy[e];
                if (labels[u] < 0 && part[u] == p) {
                    labels[u] = count;
                    stack[top++] = u;
                }
            }
        }
        ++count;
    }
    num_components = count;
    return label;
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
    VertexId count = 0;
    const std::vector<VertexId> label = label_part_components(graph, part, count);
    return count_part_components(label, count, part, num_parts);
}

} // namespace part
