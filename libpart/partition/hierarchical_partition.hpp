#pragma once
// Hierarchical rectilinear partitioning (Ashok's thesis, sections 7.1.3 and 9.3): level L cuts
// every region of level L-1 into N_L pieces of equal load along axis D_L. Cuts are placed
// from a load histogram (section 9.2's load-discretising mesh) and refined inside a bin only
// when the bin boundary misses the goal by more than the tolerance. O(n) per level.
#include <functional>
#include <span>

#include "libpart/core/partition.hpp"
#include "libpart/partition/hierarchical_scheme.hpp"

namespace part {

// The scheme must multiply out to k (throws InvalidArgument otherwise). Region pieces get
// weights (first constraint) in proportion to the targets of the parts they hold, so parts
// are numbered level by level: part = ((i_1 * N_2) + i_2) * N_3 + i_3. Every part is
// non-empty when n >= k. Needs coordinates.
std::vector<PartId> hierarchical_partition(const Graph& graph, const HierarchicalScheme& scheme,
                                           PartId k, const std::vector<double>& targets,
                                           double tolerance);

// A region of a level, to be cut into level.parts pieces: its vertices (the cutter may reorder
// them), the parts first .. first + count - 1 it holds, the fewest vertices a piece keeps (one
// per part it holds, when the region has that many) and the level's share of the tolerance.
struct SchemeRegion {
    std::span<VertexId> vertices;
    const SchemeLevel& level;
    PartId first, count;
    std::size_t min_size;
    double tolerance;
};

// Where the pieces of a region start in its reordered vertices, then its size (level.parts + 1
// positions).
using RegionCutter = std::function<std::vector<std::size_t>(const SchemeRegion&)>;

// Cuts the graph level by level as the scheme says, every region by `cut`, the tolerance
// shared equally among the levels (their errors multiply). Returns each vertex's part,
// numbered as hierarchical_partition numbers them.
std::vector<PartId> cut_by_scheme(const Graph& graph, const HierarchicalScheme& scheme, PartId k,
                                  double tolerance, const RegionCutter& cut);

// Throws InvalidArgument unless the graph has coordinates with every axis the scheme cuts and
// the scheme makes k parts.
void check_scheme_fits(const Graph& graph, const HierarchicalScheme& scheme, PartId k);

// The shares of the `pieces` pieces a region holding parts first .. first + count - 1 is cut
// into (count a multiple of pieces): each piece's parts' targets over the region's, summing
// to 1.
std::vector<double> piece_shares(const std::vector<double>& targets, PartId k, PartId first,
                                 PartId count, int pieces);

} // namespace part
