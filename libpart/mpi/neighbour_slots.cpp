#include "libpart/mpi/neighbour_slots.hpp"

#include <algorithm>
#include <utility>

namespace part::mpi {

OwnedIndex::OwnedIndex(std::span<const VertexId> ascending_ids) : ids_(ascending_ids) {
    if (ids_.empty()) return;
    const auto range = std::uint64_t(ids_.back()) - std::uint64_t(ids_.front()) + 1;
    if (range <= 64 * std::uint64_t(ids_.size())) {
        bits_.assign(std::size_t((range + 63) / 64), 0);
        for (VertexId id : ids_) {
            const auto offset = std::uint64_t(id - ids_.front());
            bits_[offset >> 6] |= std::uint64_t(1) << (offset & 63);
        }
        before_.resize(bits_.size());
        VertexId count = 0;
        for (std::size_t w = 0; w < bits_.size(); ++w) {
            before_[w] = count;
            count += VertexId(std::popcount(bits_[w]));
        }
        return;
    }
    // Buckets of 2^shift ids: the fewest bits that leave at most one bucket per owned id.
    while ((range >> shift_) > ids_.size()) ++shift_;
    before_.assign(std::size_t(((range - 1) >> shift_) + 2), 0);
    for (VertexId id : ids_) ++before_[std::size_t(id - ids_.front()) >> shift_];
    VertexId start = 0;
    for (VertexId& b : before_) start += std::exchange(b, start);
}

VertexId OwnedIndex::find_in_bucket(VertexId id, std::size_t bucket) const {
    const auto first = ids_.begin() + before_[bucket], last = ids_.begin() + before_[bucket + 1];
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
