#include "libpart/mpi/neighbour_slots.hpp"

#include <algorithm>
#include <bit>
#include <utility>

namespace part::mpi {

OwnedIndex::OwnedIndex(std::span<const VertexId> ascending_ids) : ids_(ascending_ids) {
    if (ids_.empty()) return;
    const auto range = std::uint64_t(ids_.back()) - std::uint64_t(ids_.front()) + 1;
    // Buckets of 2^shift ids: the fewest bits that leave at most one bucket per owned id.
    while ((range >> shift_) > ids_.size()) ++shift_;
    const std::size_t buckets = std::size_t(((range - 1) >> shift_) + 1);
    bucket_start_.assign(buckets + 1, 0);
    for (VertexId id : ids_) ++bucket_start_[std::size_t(id - ids_.front()) >> shift_];
    VertexId start = 0;
    for (VertexId& b : bucket_start_) start += std::exchange(b, start);
}

VertexId OwnedIndex::find(VertexId id) const {
    if (ids_.empty() || id < ids_.front() || id > ids_.back()) return -1;
    const std::size_t b = std::size_t(id - ids_.front()) >> shift_;
    const auto first = ids_.begin() + bucket_start_[b], last = ids_.begin() + bucket_start_[b + 1];
    const auto at = std::lower_bound(first, last, id);
    return at != last && *at == id ? VertexId(at - ids_.begin()) : -1;
}

NeighbourSlots neighbour_slots(const DistributedGraph& graph) {
    const OwnedIndex owned(graph.global_id);
    const auto& adjncy = graph.local.adjncy;
    NeighbourSlots n;
    n.slots.resize(adjncy.size());
    std::vector<std::pair<VertexId, std::size_t>> outside; // (neighbour, entry), ghosts only
    for (std::size_t e = 0; e < adjncy.size(); ++e) {
        n.slots[e] = owned.find(adjncy[e]);
        if (n.slots[e] < 0) outside.emplace_back(adjncy[e], e);
    }
    std::sort(outside.begin(), outside.end());
    for (const auto& [u, e] : outside) {
        if (n.ghosts.empty() || n.ghosts.back() != u) n.ghosts.push_back(u);
        n.slots[e] = graph.num_owned() + VertexId(n.ghosts.size()) - 1;
    }
    return n;
}

} // namespace part::mpi
