#include "libpart/partition/hierarchical_scheme.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <limits>
#include <optional>

#include "libpart/core/bounding_box.hpp"
#include "libpart/core/partition.hpp"
#include "libpart/order/coordinates_check.hpp"

namespace part {

long long HierarchicalScheme::num_parts() const {
    long long product = 1;
    for (const SchemeLevel& level : levels) product *= level.parts;
    return product;
}

namespace {

const char kAxisNames[] = "XYZ";

[[noreturn]] void bad_scheme(std::string_view text, const std::string& what) {
    throw InvalidArgument("scheme '" + std::string(text) + "': " + what +
                          "; expected e.g. BLOCK[YZX][4x2x2], BEAM-Z[YX][4x4] or SLICE-X[16]");
}

int axis_of(char c) {
    return c == 'X' ? 0 : c == 'Y' ? 1 : c == 'Z' ? 2 : -1;
}

// The text between '[' and ']' starting at `pos`, advancing `pos` past it.
std::string_view bracket(std::string_view text, std::string_view upper, std::size_t& pos) {
    if (pos >= upper.size() || upper[pos] != '[')
        bad_scheme(text, "missing '[' at character " + std::to_string(pos + 1));
    const std::size_t close = upper.find(']', pos);
    if (close == std::string_view::npos) bad_scheme(text, "missing ']'");
    std::string_view inside = upper.substr(pos + 1, close - pos - 1);
    pos = close + 1;
    return inside;
}

std::vector<int> parse_counts(std::string_view text, std::string_view counts) {
    std::vector<int> result;
    std::size_t pos = 0;
    while (pos <= counts.size()) {
        std::size_t end = counts.find('X', pos); // upper-cased 'x'
        if (end == std::string_view::npos) end = counts.size();
        const std::string_view digits = counts.substr(pos, end - pos);
        if (digits.empty() || digits.size() > 9 ||
            !std::all_of(digits.begin(), digits.end(),
                         [](char c) { return std::isdigit((unsigned char)c); }))
            bad_scheme(text, std::string(1, '\'').append(digits).append("' is not a part count"));
        const int value = std::stoi(std::string(digits));
        if (value < 1) bad_scheme(text, "part counts must be at least 1");
        result.push_back(value);
        pos = end + 1;
    }
    return result;
}

} // namespace

HierarchicalScheme parse_scheme(std::string_view text, int dim) {
    std::string upper(text);
    for (char& c : upper) c = char(std::toupper((unsigned char)c));
    HierarchicalScheme scheme;
    std::size_t pos = 0;
    std::size_t expected_axes = 0;
    if (upper.rfind("BLOCK", 0) == 0) {
        scheme.kind = HierarchicalScheme::Kind::Block;
        pos = 5;
        expected_axes = std::size_t(dim);
    } else if (upper.rfind("BEAM-", 0) == 0 || upper.rfind("SLICE-", 0) == 0) {
        const bool beam = upper[0] == 'B';
        scheme.kind = beam ? HierarchicalScheme::Kind::Beam : HierarchicalScheme::Kind::Slice;
        pos = beam ? 5 : 6;
        scheme.named_axis = pos < upper.size() ? axis_of(upper[pos]) : -1;
        if (scheme.named_axis < 0) bad_scheme(text, "expected an axis X, Y or Z after '-'");
        if (scheme.named_axis >= dim && !(beam && dim == 2)) // a 2D beam scheme runs along Z
            bad_scheme(text, std::string("axis ") + kAxisNames[scheme.named_axis] +
                                 " is not in the " + std::to_string(dim) + "D coordinates");
        ++pos;
        expected_axes = beam ? 2 : 1;
    } else {
        bad_scheme(text, "unknown kind");
    }
    std::string_view first = bracket(text, upper, pos);
    std::string_view axes, counts;
    if (pos < upper.size()) {
        axes = first;
        counts = bracket(text, upper, pos);
        if (pos != upper.size()) bad_scheme(text, "unexpected text after the counts");
    } else if (scheme.kind == HierarchicalScheme::Kind::Slice) {
        axes = std::string_view(&kAxisNames[scheme.named_axis], 1); // SLICE-X[16]
        counts = first;
    } else {
        bad_scheme(text, "expected an axis order in [] and then the counts in []");
    }
    for (char letter : axes) // name a missing axis before a wrong count
        if (axis_of(letter) >= dim)
            bad_scheme(text, std::string("axis ") + letter + " is not in the " +
                                 std::to_string(dim) + "D coordinates");
    if (axes.size() != expected_axes)
        bad_scheme(text, "expected " + std::to_string(expected_axes) +
                             " axes in the order, found " + std::to_string(axes.size()));
    const std::vector<int> numbers = parse_counts(text, counts);
    if (numbers.size() != axes.size())
        bad_scheme(text, std::to_string(axes.size()) + " axes but " +
                             std::to_string(numbers.size()) + " counts");
    std::array<bool, 3> used{};
    for (std::size_t i = 0; i < axes.size(); ++i) {
        const int axis = axis_of(axes[i]);
        if (axis < 0) bad_scheme(text, std::string("'") + axes[i] + "' is not an axis (X, Y or Z)");
        if (used[axis]) bad_scheme(text, std::string("axis ") + axes[i] + " appears twice");
        if (scheme.kind == HierarchicalScheme::Kind::Beam && axis == scheme.named_axis)
            bad_scheme(text, std::string("a beam along ") + axes[i] + " cannot cut " + axes[i]);
        if (scheme.kind == HierarchicalScheme::Kind::Slice && axis != scheme.named_axis)
            bad_scheme(text, "a slice scheme cuts only its own axis");
        used[axis] = true;
        scheme.levels.push_back({axis, numbers[i]});
    }
    return scheme;
}

std::string format_scheme(const HierarchicalScheme& scheme) {
    std::string text = scheme.kind == HierarchicalScheme::Kind::Block ? "BLOCK"
                       : scheme.kind == HierarchicalScheme::Kind::Beam
                           ? std::string("BEAM-") + kAxisNames[scheme.named_axis]
                           : std::string("SLICE-") + kAxisNames[scheme.named_axis];
    std::string axes, counts;
    for (const SchemeLevel& level : scheme.levels) {
        axes += kAxisNames[level.axis];
        if (!counts.empty()) counts += 'x';
        counts += std::to_string(level.parts);
    }
    if (scheme.kind == HierarchicalScheme::Kind::Slice) return text + "[" + counts + "]";
    return text + "[" + axes + "][" + counts + "]";
}

namespace {

// Estimated area of the cut surfaces, in cell faces, when a box of cells[d] cells per axis is
// cut into counts[d] pieces per axis.
double boundary_area(const std::array<double, 3>& cells, const std::array<long long, 3>& counts,
                     int dim) {
    double area = 0;
    for (int d = 0; d < dim; ++d) {
        double face = 1;
        for (int e = 0; e < dim; ++e)
            if (e != d) face *= cells[e];
        area += double(counts[d] - 1) * face;
    }
    return area;
}

struct Candidate {
    HierarchicalScheme scheme;
    double area = std::numeric_limits<double>::infinity();
};

// Levels cut the axis with the most cells first: the coarsest cuts go across the longest way.
HierarchicalScheme make_scheme(HierarchicalScheme::Kind kind, int named,
                               std::vector<SchemeLevel> levels,
                               const std::array<double, 3>& cells) {
    std::stable_sort(levels.begin(), levels.end(), [&](const SchemeLevel& a, const SchemeLevel& b) {
        return cells[a.axis] > cells[b.axis];
    });
    return {kind, named, std::move(levels)};
}

} // namespace

HierarchicalScheme choose_scheme(const Graph& graph, PartId k) {
    require_coordinates(graph, "hier");
    const int dim = graph.coords.dim;
    const VertexId n = graph.num_vertices();
    const BoundingBox box = bounding_box(graph.coords);
    std::array<double, 3> extent{};
    for (int a = 0; a < dim; ++a) extent[a] = box.extent(a);
    // Cubic cells of the mean cell volume over the axes the mesh spans.
    double volume = 1;
    int spanned = 0;
    for (int a = 0; a < dim; ++a)
        if (extent[a] > 0) {
            volume *= extent[a];
            ++spanned;
        }
    const double cell =
        spanned > 0 ? std::pow(volume / std::max<VertexId>(n, 1), 1.0 / spanned) : 1;
    std::array<double, 3> cells{1, 1, 1}, density{};
    double lightest = INFINITY;
    for (int a = 0; a < dim; ++a) {
        cells[a] = std::max(1.0, extent[a] / cell);
        density[a] = double(n) / cells[a]; // cells per cross-section
        lightest = std::min(lightest, density[a]);
    }
    std::array<bool, 3> cuttable{};
    for (int a = 0; a < dim; ++a) cuttable[a] = density[a] <= 2 * lightest;

    // The density rule says which axes to avoid; when it leaves no admissible scheme (a long
    // channel with K beyond its cells along the one light axis) the rule is relaxed, since a
    // slice thinner than a cell is worse than a cut across a denser axis.
    auto best_scheme =
        [&](const std::array<bool, 3>& allowed) -> std::optional<HierarchicalScheme> {
        Candidate slice, beam, block;
        for (int a = 0; a < dim; ++a) { // slices, only along axes with more cells than parts
            if (!allowed[a] || double(k) >= cells[a]) continue;
            std::array<long long, 3> counts{1, 1, 1};
            counts[a] = k;
            const double area = boundary_area(cells, counts, dim);
            if (area < slice.area)
                slice = {{HierarchicalScheme::Kind::Slice, a, {{a, int(k)}}}, area};
        }
        for (int a = 0; a < dim; ++a)
            for (int b = a + 1; b < dim; ++b) {
                if (!allowed[a] || !allowed[b]) continue;
                const int along = dim == 3 ? 3 - a - b : 2; // the uncut axis (Z for a 2D mesh)
                for (PartId na = 2; na <= k / 2; ++na) {
                    if (k % na != 0) continue;
                    std::array<long long, 3> counts{1, 1, 1};
                    counts[a] = na;
                    counts[b] = k / na;
                    const double area = boundary_area(cells, counts, dim);
                    if (area < beam.area)
                        beam = {make_scheme(HierarchicalScheme::Kind::Beam, along,
                                            {{a, int(na)}, {b, int(k / na)}}, cells),
                                area};
                }
            }
        if (dim == 3 && allowed[0] && allowed[1] && allowed[2])
            for (PartId nx = 2; nx <= k / 4; ++nx)
                for (PartId ny = 2; k % nx == 0 && ny <= k / nx / 2; ++ny) {
                    if ((k / nx) % ny != 0) continue;
                    const PartId nz = k / nx / ny;
                    const double area = boundary_area(cells, {nx, ny, nz}, dim);
                    if (area < block.area)
                        block = {make_scheme(HierarchicalScheme::Kind::Block, -1,
                                             {{0, int(nx)}, {1, int(ny)}, {2, int(nz)}}, cells),
                                 area};
                }
        if (block.area < beam.area) return block.scheme;
        if (!std::isinf(beam.area)) return beam.scheme;
        if (!std::isinf(slice.area)) return slice.scheme;
        return std::nullopt;
    };
    if (auto scheme = best_scheme(cuttable)) return *scheme;
    if (auto scheme = best_scheme({true, true, true})) return *scheme;

    // Still nothing (K prime and larger than the cells): slice the longest cuttable axis.
    int longest = int(std::min_element(density.begin(), density.begin() + dim) - density.begin());
    for (int a = 0; a < dim; ++a)
        if (cuttable[a] && cells[a] > cells[longest]) longest = a;
    return {HierarchicalScheme::Kind::Slice, longest, {{longest, int(k)}}};
}

} // namespace part
