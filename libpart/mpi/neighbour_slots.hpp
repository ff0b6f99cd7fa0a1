#pragma once
// Where each adjacency entry of a rank's owned vertices finds its neighbour, found once per
// entry without a binary search over the owned ids: the figures that read neighbours' parts
// (per-part cut, edge cut) then index flat arrays.
#include <span>
#include <vector>

#include "libpart/mpi/distributed_graph.hpp"

namespace part::mpi {

// Finds an owned vertex by global id in expected O(1): the id range of the owned vertices is
// cut into about as many buckets as there are owned vertices, each holding the start of its
// ids in the ascending list; an id is searched only within its bucket. O(owned) memory.
class OwnedIndex {
  public:
    explicit OwnedIndex(std::span<const VertexId> ascending_ids);
    // The local index of `id`, or -1 when it is not owned.
    VertexId find(VertexId id) const;

  private:
    std::span<const VertexId> ids_;
    int shift_ = 0;
    std::vector<VertexId> bucket_start_; // per bucket, then the id count
};

// slots[e] for each adjacency entry e of the owned vertices: v < owned for owned vertex v,
// owned + i for ghosts[i], where ghosts are the neighbours not owned, ascending (as
// ghost_vertices gives). O(entries + ghost entries x log).
struct NeighbourSlots {
    std::vector<VertexId> ghosts, slots;
};
NeighbourSlots neighbour_slots(const DistributedGraph& graph);

} // namespace part::mpi
