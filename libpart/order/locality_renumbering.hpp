#pragma once
// Renumbering a large graph whose vertex numbering scatters neighbours, so that the passes
// over it find a vertex's neighbours' entries (parts, marks, rows) near its own in memory.
// Every pass of the GDE refinement reads each vertex's neighbours' entries of per-vertex
// arrays; when neighbours lie far apart in the numbering, those reads miss the caches.
#include <vector>

#include "libpart/core/graph.hpp"
#include "libpart/core/part_components.hpp"
#include "libpart/core/partition.hpp"

namespace part {

// Old and new ids of each vertex; empty for the identity.
struct Renumbering {
    std::vector<VertexId> old_of; // per new id
    std::vector<VertexId> new_of; // per old id: old_of's positions (inverse_permutation)
    bool empty() const { return old_of.empty(); }
};

// Breadth-first order within each part (`part`, a part per vertex): each component of a part
// gets a range of ids, in the order of the components' lowest vertices (core's
// breadth_first_part_order). Neighbours get nearby ids, and the passes that stay inside parts
// (fragment search, clustering, the band's rows) read one range at a time.
Renumbering part_major_renumbering(const Graph& graph, const std::vector<PartId>& part);

// `graph` with old vertex r.old_of[i] as vertex i: rows (in their order, ids renumbered),
// vertex weights, sizes, edge weights and coordinates.
Graph renumbered_graph(const Graph& graph, const Renumbering& r);

// When `graph` scatters neighbours (scatters_neighbours, part_components.hpp), renumbers it and
// `part` (one part per vertex) in place by part_major_renumbering and returns the renumbering;
// otherwise changes nothing and returns an empty one. The old graph is freed once the new one is
// built.
Renumbering renumber_for_locality(Graph& graph, std::vector<PartId>& part);

// Per-vertex values (one per vertex) from the old numbering into the new, and back.
template <typename T>
std::vector<T> in_new_order(const std::vector<T>& per_old, const Renumbering& r) {
    if (r.empty()) return per_old;
    std::vector<T> per_new(per_old.size());
    for (std::size_t i = 0; i < per_new.size(); ++i) per_new[i] = per_old[std::size_t(r.old_of[i])];
    return per_new;
}
template <typename T>
std::vector<T> in_old_order(const std::vector<T>& per_new, const Renumbering& r) {
    if (r.empty()) return per_new;
    std::vector<T> per_old(per_new.size());
    for (std::size_t i = 0; i < per_new.size(); ++i) per_old[std::size_t(r.old_of[i])] = per_new[i];
    return per_old;
}

} // namespace part
