#pragma once
// Links between parts (one direction of a quotient-graph edge) with a weight, or a change of
// it: grouped by their first part with a counting sort, then summed per other part with a
// marker, so that no list of links is ever sorted whole (quotient_graph ran once per GDE
// round, issue 5). quotient_graph builds its rows this way, update_quotient_graph its changes.
#include <algorithm>
#include <vector>

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
    first.assign(std::size_t(num_parts) + 1, 0);
    for (const PartLink& link : links) ++first[std::size_t(link.from) + 1];
    for (PartId p = 0; p < num_parts; ++p) first[p + 1] += first[p];
    std::vector<PartLink> grouped(links.size());
    std::vector<std::size_t> fill(first.begin(), first.end() - 1);
    for (const PartLink& link : links) grouped[fill[std::size_t(link.from)]++] = link;
    return grouped;
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
