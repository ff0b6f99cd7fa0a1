#pragma once
// Links between parts (one direction of a quotient-graph edge) with a weight, or a change of
// it: grouped by their first part with a counting sort, then summed per other part with a
// marker, so that no list of links is ever sorted whole. quotient_graph builds its rows this
// way, update_quotient_graph its changes, compute_metrics the parts' neighbour counts.
#include <algorithm>
#include <vector>

#include "libpart/core/counting_sort.hpp"
#include "libpart/core/graph.hpp"

namespace part {

struct PartLink {
    PartId from, to;
    WeightSum weight;
};

// `links` grouped by `from`, in their order within a group; group p is
// [first[p], first[p + 1]). O(links + num_parts).
inline std::vector<PartLink> group_by_first_part(const std::vector<PartLink>& links,
                                                 PartId num_parts,
                                                 std::vector<std::size_t>& first) {
    return counting_sort(
        std::span<const PartLink>(links), std::size_t(num_parts),
        [](const PartLink& link) { return link.from; }, first);
}

// The weights of one group summed per other part: after add_group, parts() lists the other
// parts it met in ascending order and sum(b) their totals. O(group + its parts x log).
class PartLinkSums {
  public:
    explicit PartLinkSums(PartId num_parts)
        : marked_by_(std::size_t(num_parts), -1), sum_(std::size_t(num_parts), 0) {}

    void add_group(PartId from, const PartLink* begin, const PartLink* end) {
        met_.clear();
        for (const PartLink* link = begin; link != end; ++link) {
            if (marked_by_[link->to] != from) {
                marked_by_[link->to] = from;
                sum_[link->to] = 0;
                met_.push_back(link->to);
            }
            sum_[link->to] += link->weight;
        }
        std::sort(met_.begin(), met_.end());
    }
    const std::vector<PartId>& parts() const { return met_; }
    WeightSum sum(PartId to) const { return sum_[to]; }

  private:
    std::vector<PartId> marked_by_; // the last group that met each part
    std::vector<WeightSum> sum_;
    std::vector<PartId> met_;
};

} // namespace part
