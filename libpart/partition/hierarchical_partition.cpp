#include "libpart/partition/hierarchical_partition.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "libpart/core/counting_sort.hpp"
#include "libpart/order/coordinates_check.hpp"

namespace part {

namespace {

struct Region {
    std::size_t begin, end; // range of the vertex array
    std::size_t level;
    PartId first, count;
};

// Reorders region `vertices` along `axis` coarsely (by histogram bin) and returns the
// positions where the `pieces` pieces start, each with at least `min_size` vertices, cut so
// piece j gets weight share[j] (fractions summing to 1) within `tolerance` of its share
// where a bin boundary allows, else exactly (to one vertex) by sorting that bin.
std::vector<std::size_t> place_cuts(const Graph& graph, std::span<VertexId> vertices, int axis,
                                    const std::vector<double>& share, std::size_t min_size,
                                    double tolerance) {
    const std::size_t size = vertices.size(), pieces = share.size();
    double lo = INFINITY, hi = -INFINITY, total = 0;
    for (VertexId v : vertices) {
        lo = std::min(lo, graph.coords.at(v, axis));
        hi = std::max(hi, graph.coords.at(v, axis));
        total += graph.vertex_weight(v);
    }
    // Bins fine enough that half a bin of an even load is within the tolerance of a piece.
    const std::size_t bins = std::clamp<std::size_t>(
        std::size_t(pieces / std::max(tolerance, 1e-3)) * 2, 64, std::max<std::size_t>(64, size));
    const double scale = hi > lo ? double(bins) / (hi - lo) : 0;
    auto bin_of = [&](VertexId v) {
        return std::min(bins - 1, std::size_t((graph.coords.at(v, axis) - lo) * scale));
    };
    std::vector<double> load(bins, 0);
    for (VertexId v : vertices) load[bin_of(v)] += graph.vertex_weight(v);
    std::vector<std::size_t> start;
    const std::vector<VertexId> by_bin =
        counting_sort(std::span<const VertexId>(vertices), bins, bin_of, start);
    std::copy(by_bin.begin(), by_bin.end(), vertices.begin());
    std::vector<std::size_t> cuts{0};
    double goal = 0, before = 0; // before: load of the bins left of bin b
    std::size_t b = 0;
    for (std::size_t j = 0; j + 1 < pieces; ++j) {
        goal += share[j] * total;
        while (b < bins && before + load[b] <= goal) before += load[b++];
        std::size_t cut;
        if (b == bins) {
            cut = size;
        } else if (std::abs(before - goal) <= 0.5 * tolerance * share[j] * total) {
            cut = start[b]; // the histogram is good enough here
        } else if (std::abs(before + load[b] - goal) <= 0.5 * tolerance * share[j + 1] * total) {
            cut = start[b + 1];
        } else { // refine inside bin b: sort it and cut at the weight closest to the goal
            auto first = vertices.begin() + std::ptrdiff_t(start[b]),
                 last = vertices.begin() + std::ptrdiff_t(start[b + 1]);
            std::sort(first, last, [&](VertexId x, VertexId y) {
                const double cx = graph.coords.at(x, axis), cy = graph.coords.at(y, axis);
                return cx < cy || (cx == cy && x < y);
            });
            double acc = before;
            cut = start[b];
            while (cut < start[b + 1] &&
                   acc + graph.vertex_weight(vertices[cut]) - goal <= goal - acc)
                acc += graph.vertex_weight(vertices[cut++]);
        }
        // leave room for the pieces before and after
        cut = std::clamp(cut, cuts.back() + min_size, size - (pieces - 1 - j) * min_size);
        cuts.push_back(cut);
    }
    cuts.push_back(size);
    return cuts;
}

} // namespace

void check_scheme_fits(const Graph& graph, const HierarchicalScheme& scheme, PartId k) {
    require_coordinates(graph, "hier");
    if (scheme.num_parts() != k)
        throw InvalidArgument("scheme " + format_scheme(scheme) + " makes " +
                              std::to_string(scheme.num_parts()) + " parts, but " +
                              std::to_string(k) + " were asked for");
    for (const SchemeLevel& level : scheme.levels)
        if (level.axis >= graph.coords.dim)
            throw InvalidArgument("scheme " + format_scheme(scheme) + " cuts an axis the " +
                                  std::to_string(graph.coords.dim) + "D coordinates do not have");
}

std::vector<double> piece_shares(const std::vector<double>& targets, PartId k, PartId first,
                                 PartId count, int pieces) {
    const PartId per_piece = count / pieces;
    std::vector<double> share(std::size_t(pieces), 0);
    double sum = 0;
    for (PartId p = 0; p < count; ++p) {
        share[std::size_t(p / per_piece)] += target_fraction(targets, k, first + p);
        sum += target_fraction(targets, k, first + p);
    }
    for (double& s : share) s /= sum;
    return share;
}

std::vector<PartId> cut_by_scheme(const Graph& graph, const HierarchicalScheme& scheme, PartId k,
                                  double tolerance, const RegionCutter& cut) {
    const VertexId n = graph.num_vertices();
    std::vector<VertexId> vertices(static_cast<std::size_t>(n));
    std::iota(vertices.begin(), vertices.end(), 0);
    std::vector<PartId> part(std::size_t(n), 0);
    std::vector<Region> regions{{0, std::size_t(n), 0, 0, k}};
    // Errors of successive levels multiply: give each level an equal share of the tolerance.
    const double level_tolerance =
        tolerance / double(std::max<std::size_t>(scheme.levels.size(), 1));
    while (!regions.empty()) {
        const Region r = regions.back();
        regions.pop_back();
        std::span<VertexId> subset(vertices.data() + r.begin, r.end - r.begin);
        if (r.level == scheme.levels.size()) {
            for (VertexId v : subset) part[v] = r.first;
            continue;
        }
        const SchemeLevel& level = scheme.levels[r.level];
        const PartId per_piece = r.count / level.parts;
        const std::size_t min_size =
            std::min<std::size_t>(std::size_t(per_piece), subset.size() / std::size_t(level.parts));
        const std::vector<std::size_t> cuts =
            cut({subset, level, r.first, r.count, min_size, level_tolerance});
        for (int j = 0; j < level.parts; ++j)
            regions.push_back({r.begin + cuts[j], r.begin + cuts[j + 1], r.level + 1,
                               r.first + j * per_piece, per_piece});
    }
    return part;
}

std::vector<PartId> hierarchical_partition(const Graph& graph, const HierarchicalScheme& scheme,
                                           PartId k, const std::vector<double>& targets,
                                           double tolerance) {
    check_scheme_fits(graph, scheme, k);
    return cut_by_scheme(graph, scheme, k, tolerance, [&](const SchemeRegion& r) {
        return place_cuts(graph, r.vertices, r.level.axis,
                          piece_shares(targets, k, r.first, r.count, r.level.parts), r.min_size,
                          r.tolerance);
    });
}

} // namespace part
