#pragma once
// Where each adjacency entry of a rank's owned vertices finds its neighbour, found once per
// entry without a binary search over the owned ids: the figures that read neighbours' parts
// (per-part cut, edge cut) then index flat arrays.
#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "libpart/mpi/distributed_graph.hpp"

namespace part::mpi {

// Finds an owned vertex by global id in O(1) with O(owned) memory. Dense ids (at least one
// owned id per 64 of their range, as when a rank holds 1/P of a numbering for P <= 64): one bit
// per id of the range and the count of owned ids before each 64-bit word, so a find is a bit
// test and a popcount. Sparse ids: the range is cut into about as many buckets as there are
// owned ids, each holding the start of its ids in the ascending list, searched within.
class OwnedIndex {
  public:
    explicit OwnedIndex(std::span<const VertexId> ascending_ids);
    // The local index of `id`, or -1 when it is not owned.
    VertexId find(VertexId id) const {
        if (ids_.empty() || id < ids_.front() || id > ids_.back()) return -1;
        const auto offset = std::uint64_t(id - ids_.front());
        if (bits_.empty()) return find_in_bucket(id, std::size_t(offset >> shift_));
        const std::uint64_t word = bits_[offset >> 6], bit = std::uint64_t(1) << (offset & 63);
        if (!(word & bit)) return -1;
        return before_[offset >> 6] + VertexId(std::popcount(word & (bit - 1)));
    }

  private:
    VertexId find_in_bucket(VertexId id, std::size_t bucket) const;

    std::span<const VertexId> ids_;
    std::vector<std::uint64_t> bits_; // dense: bit (id - first) set when owned
    std::vector<VertexId> before_;    // dense: owned ids before each word; sparse: bucket starts
    int shift_ = 0;                   // sparse: buckets of 2^shift ids
};

// slots[e] for each adjacency entry e of the owned vertices: v < owned for owned vertex v,
// owned + i for ghosts[i], where ghosts are the neighbours not owned, ascending. O(entries + ghost
// entries x log).
struct NeighbourSlots {
    std::vector<VertexId> ghosts, slots;
};
NeighbourSlots neighbour_slots(const DistributedGraph& graph);

} // namespace part::mpi
