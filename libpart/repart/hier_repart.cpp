#include "libpart/repart/hier_repart.hpp"

#include <algorithm>
#include <numeric>
#include <span>
#include <utility>

#include "libpart/order/coordinates_check.hpp"
#include "libpart/partition/hierarchical_partition.hpp"
#include "libpart/repart/host_ranks.hpp"

namespace part {

namespace {

struct PlaneCount {
    long long planes = 0, moved = 0;
};

bool holds(const SchemeRegion& r, PartId p) {
    return p >= r.first && p < r.first + r.count;
}

// Orders `vertices` along `axis`, ties by id. The coordinates are copied beside the ids first:
// looking them up in the comparison is a cache miss per comparison.
void sort_along(const Graph& graph, std::span<VertexId> vertices, int axis) {
    std::vector<std::pair<double, VertexId>> keyed(vertices.size());
    for (std::size_t i = 0; i < vertices.size(); ++i)
        keyed[i] = {graph.coords.at(vertices[i], axis), vertices[i]};
    std::sort(keyed.begin(), keyed.end());
    for (std::size_t i = 0; i < vertices.size(); ++i) vertices[i] = keyed[i].second;
}

// Where the region's old pieces meet in `vertices` (in order along the level's axis): cut j
// follows the vertices of old pieces 0 .. j-1, counting only the vertices whose old part the
// region holds (the others came from another region when a plane above moved, and stay on
// the side where they lie). cuts[0] = 0 and cuts[pieces] = the region's size.
std::vector<std::size_t> old_cuts(std::span<const VertexId> vertices,
                                  const std::vector<PartId>& old_part, const SchemeRegion& r,
                                  int pieces) {
    const PartId per_piece = r.count / pieces;
    std::vector<std::size_t> before(std::size_t(pieces) + 1, 0); // old vertices of pieces < j
    for (VertexId v : vertices)
        if (holds(r, old_part[v])) ++before[std::size_t((old_part[v] - r.first) / per_piece) + 1];
    std::partial_sum(before.begin(), before.end(), before.begin());
    std::vector<std::size_t> cuts(std::size_t(pieces) + 1, vertices.size());
    cuts[0] = 0;
    std::size_t seen = 0, j = 1;
    for (std::size_t i = 0; i < vertices.size() && j < std::size_t(pieces); ++i) {
        while (j < std::size_t(pieces) && seen == before[j]) cuts[j++] = i;
        seen += holds(r, old_part[vertices[i]]);
    }
    return cuts;
}

// A plane at `old`, where the first `old` vertices weigh prefix[old]: kept when that weight is
// within [low, high], else moved to the nearest position where it is (the one nearest `goal`
// when a heavy vertex leaves none).
std::size_t moved_plane(const std::vector<double>& prefix, std::size_t old, double low, double high,
                        double goal) {
    const auto lo =
        std::size_t(std::lower_bound(prefix.begin(), prefix.end(), low) - prefix.begin());
    const auto past =
        std::size_t(std::upper_bound(prefix.begin(), prefix.end(), high) - prefix.begin());
    if (lo < past) return std::clamp(old, lo, past - 1);
    const auto at =
        std::size_t(std::lower_bound(prefix.begin(), prefix.end(), goal) - prefix.begin());
    if (at == prefix.size()) return prefix.size() - 1;
    return at > 0 && goal - prefix[at - 1] < prefix[at] - goal ? at - 1 : at;
}

// The region's cuts along the level's axis (vertices in that order): the old ones, each kept
// while the piece before it is within the tolerance of its share and the weight before it is
// within the tolerance of the next piece's share from its goal (so that the next plane can
// still make its piece fit, and the last piece fits), else moved as little as that allows;
// pieces keep `min_size` vertices.
std::vector<std::size_t> new_cuts(const Graph& graph, const SchemeRegion& r,
                                  const std::vector<PartId>& old_part,
                                  const std::vector<double>& share, PlaneCount& count) {
    const std::span<const VertexId> vertices = r.vertices;
    const std::size_t pieces = share.size(), size = vertices.size(), min_size = r.min_size;
    const double tolerance = r.tolerance;
    std::vector<double> prefix(size + 1, 0);
    for (std::size_t i = 0; i < size; ++i)
        prefix[i + 1] = prefix[i] + graph.vertex_weight(vertices[i]);
    const double total = prefix.back();
    std::vector<std::size_t> cuts = old_cuts(vertices, old_part, r, int(pieces));
    double goal = 0;
    for (std::size_t j = 1; j < pieces; ++j) {
        const double piece = share[j - 1] * total, next = share[j] * total;
        goal += piece;
        const double before = prefix[cuts[j - 1]];
        const double low = std::max(before + (1 - tolerance) * piece, goal - tolerance * next);
        const double high = std::min(before + (1 + tolerance) * piece, goal + tolerance * next);
        const std::size_t cut = std::clamp(moved_plane(prefix, cuts[j], low, high, goal),
                                           cuts[j - 1] + min_size, size - (pieces - j) * min_size);
        count.moved += cut != cuts[j];
        ++count.planes;
        cuts[j] = cut;
    }
    return cuts;
}

} // namespace

RepartResult hier_repartition(const Graph& graph, const Partition& old_partition,
                              const RepartRequest& request) {
    RepartResult result = start_repart_result(graph, old_partition, request);
    const PartId k = request.new_parts;
    if (k != old_partition.num_parts)
        throw InvalidArgument("hier moves the cut planes of the old partition's scheme: it keeps " +
                              std::to_string(old_partition.num_parts) + " parts, not " +
                              std::to_string(k));
    require_coordinates(graph, "hier");
    const HierarchicalScheme scheme = parse_scheme(request.scheme, graph.coords.dim);
    check_scheme_fits(graph, scheme, k);
    PlaneCount count;
    result.partition.part =
        cut_by_scheme(graph, scheme, k, request.tolerance, [&](const SchemeRegion& r) {
            sort_along(graph, r.vertices, r.level.axis);
            return new_cuts(graph, r, old_partition.part,
                            piece_shares(request.targets, k, r.first, r.count, r.level.parts),
                            count);
        });
    result.details = {{"planes", double(count.planes)}, {"planes_moved", double(count.moved)}};
    return result;
}

} // namespace part
