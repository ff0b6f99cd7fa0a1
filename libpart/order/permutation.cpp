#include "libpart/order/permutation.hpp"

#include <string>

namespace part {

Permutation inverse_permutation(std::span<const VertexId> permutation) {
    Permutation inverse(permutation.size());
    for (std::size_t i = 0; i < permutation.size(); ++i)
        inverse[std::size_t(permutation[i])] = VertexId(i);
    return inverse;
}

void validate_permutation(const Permutation& positions, VertexId num_vertices) {
    if (positions.size() != std::size_t(num_vertices))
        throw InvalidArgument("the ordering has " + std::to_string(positions.size()) +
                              " entries but the graph has " + std::to_string(num_vertices) +
                              " vertices");
    std::vector<VertexId> holder(positions.size(), -1);
    for (std::size_t v = 0; v < positions.size(); ++v) {
        const VertexId p = positions[v];
        if (p < 0 || p >= num_vertices)
            throw InvalidArgument("vertex " + std::to_string(v + 1) + " has position " +
                                  std::to_string(p) + ", outside 0.." +
                                  std::to_string(num_vertices - 1));
        if (holder[std::size_t(p)] >= 0)
            throw InvalidArgument("vertices " + std::to_string(holder[std::size_t(p)] + 1) +
                                  " and " + std::to_string(v + 1) + " both have position " +
                                  std::to_string(p) + ": not a permutation");
        holder[std::size_t(p)] = VertexId(v);
    }
}

} // namespace part
