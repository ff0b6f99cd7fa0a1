// Hierarchical rectilinear schemes (Ashok's thesis, chapter 8): descriptors read and written
// back, and the scheme chosen for a mesh and K, which must make K parts, keep away from dense
// axes, and see a refined zone the bounding box does not show.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "libpart/core/error.hpp"
#include "libpart/partition/hierarchical_scheme.hpp"
#include "tests/support/grid_graph.hpp"

using namespace part;
using part::test::grid_graph;

namespace {

bool same(const HierarchicalScheme& a, const HierarchicalScheme& b) {
    if (a.kind != b.kind || a.named_axis != b.named_axis || a.levels.size() != b.levels.size())
        return false;
    for (std::size_t i = 0; i < a.levels.size(); ++i)
        if (a.levels[i].axis != b.levels[i].axis || a.levels[i].parts != b.levels[i].parts)
            return false;
    return true;
}

// A valid scheme for `dim` axes, drawn at random.
HierarchicalScheme random_scheme(std::mt19937& random, int dim) {
    std::vector<int> axes(static_cast<std::size_t>(dim));
    for (int a = 0; a < dim; ++a) axes[std::size_t(a)] = a;
    std::shuffle(axes.begin(), axes.end(), random);
    HierarchicalScheme s;
    const int kind = int(random() % 3);
    if (kind == 0) {
        s.kind = HierarchicalScheme::Kind::Block;
    } else if (kind == 1) {
        s.kind = HierarchicalScheme::Kind::Beam;
        s.named_axis = dim == 2 ? 2 : axes.back(); // a 2D beam runs along Z
        axes.resize(2);
    } else {
        s.kind = HierarchicalScheme::Kind::Slice;
        s.named_axis = axes.front();
        axes.resize(1);
    }
    for (int a : axes) s.levels.push_back({a, 1 + int(random() % 12)});
    return s;
}

std::vector<int> cut_axes(const HierarchicalScheme& s) {
    std::vector<int> axes;
    for (const SchemeLevel& level : s.levels)
        if (level.parts > 1) axes.push_back(level.axis);
    std::sort(axes.begin(), axes.end());
    return axes;
}

} // namespace

TEST(HierarchicalScheme, PartCountIsTheProductOfTheLevels) {
    EXPECT_EQ(parse_scheme("BLOCK[YZX][4x2x3]", 3).num_parts(), 24);
    EXPECT_EQ(parse_scheme("BEAM-Z[XY][5x1]", 2).num_parts(), 5);
    EXPECT_EQ(parse_scheme("SLICE-Y[7]", 2).num_parts(), 7);
    EXPECT_EQ(parse_scheme("block[xy][100000x100000]", 2).num_parts(), 10'000'000'000LL);
}

TEST(HierarchicalScheme, EveryValidSchemeReadsBackFromItsText) {
    std::mt19937 random(5);
    for (int round = 0; round < 200; ++round) {
        const int dim = 2 + int(random() % 2);
        const HierarchicalScheme s = random_scheme(random, dim);
        const std::string text = format_scheme(s);
        HierarchicalScheme back;
        ASSERT_NO_THROW(back = parse_scheme(text, dim)) << text;
        EXPECT_TRUE(same(s, back)) << text << " read back as " << format_scheme(back);
    }
}

TEST(HierarchicalScheme, ErrorsSayWhatWasExpected) {
    try {
        parse_scheme("BLOCK[XY][2x2]", 3);
        ADD_FAILURE() << "a 3D block scheme with two axes was accepted";
    } catch (const InvalidArgument& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("expected 3 axes"), std::string::npos) << what;
        EXPECT_NE(what.find("BLOCK[XY][2x2]"), std::string::npos) << what;
    }
}

TEST(ChooseScheme, AlwaysMakesKPartsAndReadsBack) {
    const std::vector<Graph> meshes{grid_graph(40, 10),     grid_graph(16, 16),
                                    grid_graph(12, 12, 12), grid_graph(48, 6, 6),
                                    grid_graph(30, 30, 3),  grid_graph(20, 10, 5)};
    for (const Graph& g : meshes)
        for (PartId k : {1, 2, 3, 4, 6, 7, 8, 12, 16, 30, 64}) {
            const HierarchicalScheme s = choose_scheme(g, k);
            const std::string text = format_scheme(s);
            EXPECT_EQ(s.num_parts(), k) << text;
            EXPECT_TRUE(same(parse_scheme(text, g.coords.dim), s)) << text;
        }
}

TEST(ChooseScheme, NeverCutsADenseAxisWhenALightOneWillDo) {
    // A strip 40 x 10: the density across y (cells per y cross-section) is four times that
    // across x, so only x is cut, by slices.
    EXPECT_EQ(format_scheme(choose_scheme(grid_graph(40, 10), 4)), "SLICE-X[4]");
    // A slab 30 x 30 x 3: z is ten times denser, never cut.
    for (PartId k : {4, 6, 9, 12}) {
        const HierarchicalScheme s = choose_scheme(grid_graph(30, 30, 3), k);
        const std::vector<int> cut = cut_axes(s);
        EXPECT_EQ(std::count(cut.begin(), cut.end(), 2), 0) << format_scheme(s);
    }
    // A bar 48 x 6 x 6 into 8: only x.
    EXPECT_EQ(cut_axes(choose_scheme(grid_graph(48, 6, 6), 8)), (std::vector<int>{0}));
}

// Points of a channel 40 x 10 x 10 one unit apart, and a zone 2 units long across it four
// times finer: most of the cells, as gmsh's refinement around an obstacle puts them.
Graph refined_channel() {
    std::vector<double> xyz;
    auto add_grid = [&](double x0, double x1, double step) {
        for (double z = step / 2; z < 10; z += step)
            for (double y = step / 2; y < 10; y += step)
                for (double x = x0 + step / 2; x < x1; x += step) xyz.insert(xyz.end(), {x, y, z});
    };
    add_grid(0, 19, 1);
    add_grid(19, 21, 0.25);
    add_grid(21, 40, 1);
    Graph g = graph_from_edges(VertexId(xyz.size() / 3), {});
    g.coords = {3, xyz};
    return g;
}

TEST(ChooseScheme, NoSlicesThinnerThanACellWhereTheMeshIsRefined) {
    // By its box the channel is long in X and light across it: 16 slices along X. Measured,
    // a sixteenth of the cells is less than one layer of the refined zone (40 x 40 cells), so
    // slices there would be thinner than a cell.
    const Graph g = refined_channel();
    for (PartId k : {16, 32}) {
        const HierarchicalScheme s = choose_scheme(g, k);
        EXPECT_NE(s.kind, HierarchicalScheme::Kind::Slice) << format_scheme(s);
        EXPECT_EQ(s.num_parts(), k);
    }
}

TEST(ChooseScheme, NeedsCoordinates) {
    Graph g = grid_graph(4, 4);
    g.coords = {};
    EXPECT_THROW(choose_scheme(g, 2), InvalidArgument);
}
