#include "libpart/partition/fill_empty_parts.hpp"

#include <algorithm>
#include <numeric>
#include <queue>
#include <utility>

#include "libpart/core/counting_sort.hpp"

namespace part {

namespace {

// The vertices of each part, with removal in O(1) (swap with the part's last).
class PartMembers {
  public:
    PartMembers(const std::vector<PartId>& part, PartId k) {
        std::vector<VertexId> all(part.size());
        std::iota(all.begin(), all.end(), 0);
        vertices_ = counting_sort(
            std::span<const VertexId>(all), std::size_t(k),
            [&](VertexId v) { return part[std::size_t(v)]; }, start_);
        end_.assign(start_.begin() + 1, start_.end());
    }
    std::size_t size(PartId p) const { return end_[std::size_t(p)] - start_[std::size_t(p)]; }
    std::size_t first(PartId p) const { return start_[std::size_t(p)]; }
    VertexId at(std::size_t i) const { return vertices_[i]; }
    void remove(PartId p, std::size_t i) { vertices_[i] = vertices_[--end_[std::size_t(p)]]; }

  private:
    std::vector<std::size_t> start_, end_;
    std::vector<VertexId> vertices_;
};

WeightSum total_weight(const Graph& graph, VertexId v) {
    WeightSum w = 0;
    for (int c = 0; c < graph.num_constraints(); ++c) w += graph.vertex_weight(v, c);
    return w;
}

// Members looked at per filled part: enough to find a boundary vertex, and a bound on the
// pass's time whatever the part sizes.
constexpr std::size_t kCandidates = 64;

// Of the donor's first kCandidates members, the one with the fewest neighbours in it (the cut
// grows least), the lowest id on ties; returns its index in `members`.
std::size_t loosest_member(const Graph& graph, const std::vector<PartId>& part,
                           const PartMembers& members, PartId donor) {
    std::size_t best = members.first(donor);
    std::int64_t best_inside = -1;
    const std::size_t end = members.first(donor) + std::min(members.size(donor), kCandidates);
    for (std::size_t i = members.first(donor); i < end; ++i) {
        const VertexId v = members.at(i);
        std::int64_t inside = 0;
        for (VertexId u : graph.neighbours(v)) inside += part[std::size_t(u)] == donor;
        if (best_inside < 0 || inside < best_inside ||
            (inside == best_inside && v < members.at(best))) {
            best = i;
            best_inside = inside;
        }
    }
    return best;
}

} // namespace

PartId fill_empty_parts(const Graph& graph, PartId k, std::vector<PartId>& part) {
    if (k > graph.num_vertices()) return 0;
    std::vector<WeightSum> weight(std::size_t(k), 0);
    for (VertexId v = 0; v < graph.num_vertices(); ++v)
        weight[std::size_t(part[std::size_t(v)])] += total_weight(graph, v);
    PartMembers members(part, k);
    std::vector<PartId> empty;
    for (PartId p = 0; p < k; ++p)
        if (members.size(p) == 0) empty.push_back(p);
    if (empty.empty()) return 0;
    // Heaviest first, then the lower id; only parts that stay non-empty after giving one.
    std::priority_queue<std::pair<WeightSum, PartId>> donors;
    for (PartId p = 0; p < k; ++p)
        if (members.size(p) >= 2) donors.push({weight[std::size_t(p)], -p});
    for (PartId target : empty) {
        // k <= n puts two vertices in some part while one is empty, so a donor is left.
        const PartId donor = -donors.top().second;
        donors.pop();
        const std::size_t i = loosest_member(graph, part, members, donor);
        const VertexId v = members.at(i);
        members.remove(donor, i);
        part[std::size_t(v)] = target;
        weight[std::size_t(donor)] -= total_weight(graph, v);
        weight[std::size_t(target)] += total_weight(graph, v);
        if (members.size(donor) >= 2) donors.push({weight[std::size_t(donor)], -donor});
    }
    return PartId(empty.size());
}

} // namespace part
