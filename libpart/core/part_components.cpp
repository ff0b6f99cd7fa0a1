#include "libpart/core/part_components.hpp"

namespace part {

std::vector<VertexId> label_part_components(const Graph& graph, const std::vector<PartId>& part,
                                            VertexId& num_components) {
    const VertexId n = graph.num_vertices();
    std::vector<VertexId> label(std::size_t(n), -1), stack;
    num_components = 0;
    for (VertexId s = 0; s < n; ++s) {
        if (label[s] >= 0) continue;
        label[s] = num_components;
        stack.assign(1, s);
        while (!stack.empty()) {
            const VertexId v = stack.back();
            stack.pop_back();
            for (VertexId u : graph.neighbours(v))
                if (label[u] < 0 && part[u] == part[s]) {
                    label[u] = num_components;
                    stack.push_back(u);
                }
        }
        ++num_components;
    }
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
