// Choosing a hierarchical scheme (Ashok's thesis, chapter 8) from the load measured on a
// load-discretising grid (section 8.2, the LD-mesh of section 9.1) rather than from the
// bounding box: on a graded mesh (a refined zone around an obstacle, an airfoil in a large
// far field) the box says nothing about where the cells are, and a scheme chosen from it can
// slice through the refined zone with slabs thinner than a cell. The thesis's rule never to
// cut along an axis much denser than the others (section 8.1) is what the count of cells the
// planes meet measures directly; as a hard cutoff at twice the lightest axis it also ruled out
// blocks on a channel mesh whose cut was a third lower than the beams it left.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numeric>
#include <optional>

#include "libpart/core/bounding_box.hpp"
#include "libpart/order/coordinates_check.hpp"
#include "libpart/partition/hierarchical_scheme.hpp"

namespace part {

namespace {

// Bins of the grid at the most: enough to see a refined zone, few enough to score every
// candidate scheme on it; and the fine uniform steps per axis its bin edges are chosen from.
constexpr double kMaxBins = 1 << 16;
constexpr int kSteps = 1 << 16;

using Box = std::array<std::array<int, 2>, 3>; // [axis][lo, hi) in bins

// The cells (vertices) and load (first constraint) of each bin of a grid over the bounding
// box. Like Ashok's LD-mesh (section 9.1) the grid is finer where the load is: the bin edges
// along each axis are the quantiles of the load, so a refined zone gets as many bins as its
// load asks, where cuts at load quantiles fall.
struct LoadGrid {
    int dim = 0; // axes the mesh spans (extent above 0)
    std::array<bool, 3> spanned{};
    std::array<int, 3> bins{1, 1, 1};
    std::array<std::vector<double>, 3> width; // per axis, each bin's width
    std::vector<double> cells, load;          // per bin, x fastest
    double total_cells = 0;

    std::array<std::vector<double>, 3> crossed; // per axis and bin: cells a plane across meets

    std::size_t at(int x, int y, int z) const {
        return std::size_t(x) + std::size_t(bins[0]) * (std::size_t(y) + std::size_t(bins[1]) * z);
    }
};

// The bin of each fine step along an axis, and the bins' widths: edges at the quantiles of
// the load over the steps (empty bins merged away).
std::vector<int> quantile_bins(const std::vector<double>& step_load, int bins, double extent,
                               std::vector<double>& width) {
    const double total = std::accumulate(step_load.begin(), step_load.end(), 0.0);
    std::vector<int> bin_of(step_load.size());
    int bin = 0, first_step = 0;
    double below = 0;
    for (std::size_t s = 0; s < step_load.size(); ++s) {
        bin_of[s] = bin;
        below += step_load[s];
        const bool last = s + 1 == step_load.size();
        if (last || (below >= total * (bin + 1) / bins && bin + 1 < bins)) {
            width.push_back(extent * double(int(s) + 1 - first_step) / double(step_load.size()));
            first_step = int(s) + 1;
            ++bin;
        }
    }
    return bin_of;
}

// The cells a plane across each axis meets in each bin: the bin's cells over its thickness in
// cells of the bin's own mean size.
void set_crossed(LoadGrid& grid) {
    for (int axis = 0; axis < 3; ++axis) grid.crossed[axis].assign(grid.cells.size(), 0);
    for (int z = 0; z < grid.bins[2]; ++z)
        for (int y = 0; y < grid.bins[1]; ++y)
            for (int x = 0; x < grid.bins[0]; ++x) {
                const std::size_t b = grid.at(x, y, z);
                if (grid.cells[b] == 0) continue;
                const std::array<int, 3> index{x, y, z};
                double volume = 1;
                for (int a = 0; a < 3; ++a)
                    if (grid.spanned[a]) volume *= grid.width[a][std::size_t(index[a])];
                const double cell = std::pow(volume / grid.cells[b], 1.0 / grid.dim);
                for (int axis = 0; axis < 3; ++axis)
                    grid.crossed[axis][b] =
                        grid.cells[b] * cell / grid.width[axis][std::size_t(index[axis])];
            }
}

LoadGrid load_grid(const Graph& graph) {
    LoadGrid grid;
    const VertexId n = graph.num_vertices();
    const BoundingBox box = bounding_box(graph.coords);
    for (int a = 0; a < graph.coords.dim; ++a)
        if (box.extent(a) > 0) {
            grid.spanned[a] = true;
            ++grid.dim;
        }
    // Bins per axis: about kMaxBins in all, and a few cells per bin on small meshes.
    const double per_axis = grid.dim > 0
                                ? std::min(std::pow(kMaxBins, 1.0 / grid.dim),
                                           std::pow(std::max(1.0, double(n) / 4), 1.0 / grid.dim))
                                : 1;
    auto step = [&](VertexId v, int a) {
        return std::clamp(int((graph.coords.at(v, a) - box.lo[a]) / box.extent(a) * kSteps), 0,
                          kSteps - 1);
    };
    std::array<std::vector<int>, 3> bin_of;
    for (int a = 0; a < 3; ++a) {
        if (!grid.spanned[a]) {
            grid.width[a] = {1.0};
            continue;
        }
        std::vector<double> step_load(kSteps, 0);
        for (VertexId v = 0; v < n; ++v)
            step_load[std::size_t(step(v, a))] += graph.vertex_weight(v);
        bin_of[a] =
            quantile_bins(step_load, std::max(1, int(per_axis)), box.extent(a), grid.width[a]);
        grid.bins[a] = int(grid.width[a].size());
    }
    grid.cells.assign(std::size_t(grid.bins[0]) * grid.bins[1] * grid.bins[2], 0);
    grid.load = grid.cells;
    for (VertexId v = 0; v < n; ++v) {
        std::array<int, 3> b{};
        for (int a = 0; a < 3; ++a)
            if (grid.spanned[a]) b[a] = bin_of[a][std::size_t(step(v, a))];
        const std::size_t bin = grid.at(b[0], b[1], b[2]);
        grid.cells[bin] += 1;
        grid.load[bin] += graph.vertex_weight(v);
    }
    grid.total_cells = double(n);
    set_crossed(grid);
    return grid;
}

// Per index along `axis` within `box`: the load and the cells a plane there meets.
struct Profile {
    std::vector<double> load, crossed;
};

Profile profile(const LoadGrid& grid, const Box& box, int axis) {
    const int first = box[axis][0];
    Profile p{std::vector<double>(std::size_t(box[axis][1] - first), 0),
              std::vector<double>(std::size_t(box[axis][1] - first), 0)};
    for (int z = box[2][0]; z < box[2][1]; ++z)
        for (int y = box[1][0]; y < box[1][1]; ++y)
            for (int x = box[0][0]; x < box[0][1]; ++x) {
                const std::size_t b = grid.at(x, y, z);
                const std::array<int, 3> index{x, y, z};
                const int i = index[axis] - first;
                p.load[i] += grid.load[b];
                p.crossed[i] += grid.crossed[axis][b];
            }
    return p;
}

// The cells in the densest one-cell-thick cross-section along `axis` (section 8.2's load
// density, at its peak).
double densest_section(const LoadGrid& grid, int axis) {
    Box all{};
    for (int a = 0; a < 3; ++a) all[a] = {0, grid.bins[a]};
    const Profile p = profile(grid, all, axis);
    return *std::max_element(p.crossed.begin(), p.crossed.end());
}

// The cells the scheme's cut planes meet, found by cutting the grid as
// hierarchical_partition cuts the mesh: every region of a level into pieces of equal load,
// each plane in the bin where its load quantile falls.
double cut_cells(const LoadGrid& grid, const HierarchicalScheme& scheme) {
    Box all{};
    for (int a = 0; a < 3; ++a) all[a] = {0, grid.bins[a]};
    std::vector<Box> regions{all};
    double met = 0;
    for (const SchemeLevel& level : scheme.levels) {
        std::vector<Box> pieces;
        for (const Box& region : regions) {
            const Profile p = profile(grid, region, level.axis);
            const double load = std::accumulate(p.load.begin(), p.load.end(), 0.0);
            Box piece = region;
            double below = 0;
            std::size_t i = 0;
            for (int j = 1; j < level.parts; ++j) {
                const double goal = load * j / level.parts;
                while (i + 1 < p.load.size() && below + p.load[i] < goal) below += p.load[i++];
                met += p.crossed[i];
                const int cut = region[level.axis][0] + int(i) +
                                (goal - below > p.load[i] / 2 ? 1 : 0); // the nearer bin edge
                piece[level.axis][1] = std::max(cut, piece[level.axis][0]);
                pieces.push_back(piece);
                piece[level.axis][0] = piece[level.axis][1];
            }
            piece[level.axis][1] = region[level.axis][1];
            pieces.push_back(piece);
        }
        regions = std::move(pieces);
    }
    return met;
}

struct Choice {
    std::optional<HierarchicalScheme> scheme;
    double met = std::numeric_limits<double>::infinity();

    void consider(const LoadGrid& grid, HierarchicalScheme candidate) {
        const double cells = cut_cells(grid, candidate);
        if (cells < met * (1 - 1e-9)) { // symmetric orders sum the same cells in other orders
            met = cells;
            scheme = std::move(candidate);
        }
    }
};

// Every order of the levels.
void consider_orders(const LoadGrid& grid, HierarchicalScheme::Kind kind, int named,
                     std::vector<SchemeLevel> levels, Choice& choice) {
    std::sort(levels.begin(), levels.end(),
              [](const SchemeLevel& a, const SchemeLevel& b) { return a.axis < b.axis; });
    do choice.consider(grid, {kind, named, levels});
    while (std::next_permutation(
        levels.begin(), levels.end(),
        [](const SchemeLevel& a, const SchemeLevel& b) { return a.axis < b.axis; }));
}

// The scheme whose planes meet the fewest cells: slices only along an axis where a slab of 1/k
// of the cells is at least a cell thick even in the densest cross-section (section 8.3: no
// slices along an axis with no more cells than processors); beams and blocks of every count
// and order over the axes the mesh spans.
std::optional<HierarchicalScheme> best_scheme(const LoadGrid& grid, PartId k, int dim) {
    Choice choice;
    for (int a = 0; a < dim; ++a)
        if (grid.spanned[a] && densest_section(grid, a) * double(k) < grid.total_cells)
            choice.consider(grid, {HierarchicalScheme::Kind::Slice, a, {{a, int(k)}}});
    for (int a = 0; a < dim; ++a)
        for (int b = a + 1; b < dim; ++b) {
            if (!grid.spanned[a] || !grid.spanned[b]) continue;
            const int along = dim == 3 ? 3 - a - b : 2; // the uncut axis (Z for a 2D mesh)
            for (PartId na = 2; na <= k / 2; ++na)
                if (k % na == 0)
                    consider_orders(grid, HierarchicalScheme::Kind::Beam, along,
                                    {{a, int(na)}, {b, int(k / na)}}, choice);
        }
    if (grid.dim == 3)
        for (PartId nx = 2; nx <= k / 4; ++nx)
            for (PartId ny = 2; k % nx == 0 && ny <= k / nx / 2; ++ny)
                if ((k / nx) % ny == 0)
                    consider_orders(grid, HierarchicalScheme::Kind::Block, -1,
                                    {{0, int(nx)}, {1, int(ny)}, {2, int(k / nx / ny)}}, choice);
    return choice.scheme;
}

} // namespace

HierarchicalScheme choose_scheme(const Graph& graph, PartId k) {
    require_coordinates(graph, "hier");
    const LoadGrid grid = load_grid(graph);
    if (auto scheme = best_scheme(grid, k, graph.coords.dim)) return *scheme;
    // Nothing (K prime and beyond the cells along every axis): slice the axis with the most.
    int axis = -1;
    for (int a = 0; a < graph.coords.dim; ++a)
        if (grid.spanned[a] && (axis < 0 || densest_section(grid, a) < densest_section(grid, axis)))
            axis = a;
    axis = std::max(axis, 0);
    return {HierarchicalScheme::Kind::Slice, axis, {{axis, int(k)}}};
}

} // namespace part
