// part-convert --partition P -o out.msh (issue 27, item 3): a partitioned Gmsh 4.1 mesh that
// gmsh itself reads back with the partitions and elements written, whose boundary elements
// lie in the partition of their adjacent cell, which part-convert reads back to the same dual
// graph; --split writes one file per part as gmsh -part_split does.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "formats/chaco_graph.hpp"
#include "formats/gmsh_mesh.hpp"
#include "tests/support/test_files.hpp"

using namespace part;
using namespace part::test;

namespace {

constexpr int kGmshParts = 3;

// What a partitioned MSH 4.1 ASCII file says, read by the layout of gmsh's manual ("MSH file
// format version 4.1"), independently of the reader under test.
struct PartitionedMsh {
    int num_partitions = 0;
    std::map<std::pair<int, int>, int> partition_of; // (dim, entity tag) -> partition (from 1)
    struct Element {
        int dim = 0;
        int partition = 0;
        long tag = 0;
        std::set<long> nodes;
    };
    std::vector<Element> elements;
};

// Nodes of the gmsh element types of order 1 to 4 (gmsh's manual, "MSH file format", and
// GmshDefines.h).
int gmsh_nodes(int type) {
    static const std::map<int, int> kNodes = {
        {15, 1},  {1, 2},   {2, 3},   {3, 4},    {4, 4},   {5, 8},   {6, 6},   {7, 5},
        {8, 3},   {9, 6},   {10, 9},  {11, 10},  {12, 27}, {13, 18}, {16, 8},  {17, 20},
        {18, 15}, {19, 13}, {26, 4},  {27, 5},   {21, 10}, {23, 15}, {36, 16}, {37, 25},
        {29, 20}, {30, 35}, {92, 64}, {93, 125}, {90, 40}, {91, 75}};
    return kNodes.at(type);
}

PartitionedMsh read_partitioned_msh(const std::string& path) {
    std::ifstream in(path);
    EXPECT_TRUE(in) << path;
    PartitionedMsh msh;
    std::string word;
    while (in >> word) {
        if (word == "$PartitionedEntities") {
            long ghosts = 0;
            in >> msh.num_partitions >> ghosts;
            for (long g = 0; g < 2 * ghosts; ++g) in >> word;
            long counts[4];
            for (long& c : counts) in >> c;
            for (int dim = 0; dim <= 3; ++dim)
                for (long e = 0; e < counts[dim]; ++e) {
                    int tag, parent_dim, parent_tag, partitions, partition = 0;
                    in >> tag >> parent_dim >> parent_tag >> partitions;
                    for (int k = 0; k < partitions; ++k) in >> partition;
                    EXPECT_EQ(partitions, 1) << path << " entity " << dim << " " << tag;
                    msh.partition_of[{dim, tag}] = partition;
                    double x;
                    for (int k = 0; k < (dim == 0 ? 3 : 6); ++k) in >> x;
                    long n, t;
                    in >> n;
                    for (long k = 0; k < n; ++k) in >> t;
                    if (dim == 0) continue;
                    in >> n;
                    for (long k = 0; k < n; ++k) in >> t;
                }
        } else if (word == "$Elements") {
            long blocks, count, min_tag, max_tag;
            in >> blocks >> count >> min_tag >> max_tag;
            for (long b = 0; b < blocks; ++b) {
                int dim, tag, type;
                long n;
                in >> dim >> tag >> type >> n;
                for (long e = 0; e < n; ++e) {
                    PartitionedMsh::Element element{dim, msh.partition_of[{dim, tag}], 0, {}};
                    in >> element.tag;
                    for (int k = 0; k < gmsh_nodes(type); ++k) {
                        long node;
                        in >> node;
                        element.nodes.insert(node);
                    }
                    msh.elements.push_back(std::move(element));
                }
            }
        }
    }
    return msh;
}

// Elements of dimension `dim` per partition.
std::map<int, int> count_per_partition(const PartitionedMsh& msh, int dim) {
    std::map<int, int> counts;
    for (const auto& e : msh.elements)
        if (e.dim == dim) ++counts[e.partition];
    return counts;
}

// Each element below `top_dim` has all its nodes in an element of `top_dim` of its partition.
void expect_boundary_with_its_cell(const PartitionedMsh& msh, int top_dim,
                                   const std::string& what) {
    for (const auto& b : msh.elements) {
        if (b.dim >= top_dim) continue;
        const bool held = std::any_of(msh.elements.begin(), msh.elements.end(), [&](const auto& c) {
            return c.dim == top_dim && c.partition == b.partition &&
                   std::includes(c.nodes.begin(), c.nodes.end(), b.nodes.begin(), b.nodes.end());
        });
        EXPECT_TRUE(held) << what << ": boundary element " << b.tag << " of partition "
                          << b.partition << " lies on no cell of its partition";
    }
}

// The graph <name>.graph (with <name>.xyz) of `mesh` and a partition <name>.part of kGmshParts
// blocks of consecutive cells. Returns the part sizes.
std::vector<int> partition_in_blocks(const ScratchDir& dir, const std::string& mesh,
                                     const std::string& name) {
    const auto r = run_tool("part-convert", mesh + " -q -o " + dir.file(name + ".graph"));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    const VertexId cells = formats::read_chaco_graph(dir.file(name + ".graph")).num_vertices();
    std::string partition;
    std::vector<int> sizes(kGmshParts, 0);
    for (VertexId v = 0; v < cells; ++v) {
        partition += std::to_string(v * kGmshParts / cells) + "\n";
        ++sizes[std::size_t(v * kGmshParts / cells)];
    }
    dir.write(name + ".part", partition);
    return sizes;
}

// A mesh gmsh makes from tests/data/<geo>.geo (dimension `dim`), m.msh, partitioned by
// partition_in_blocks as m.
// `options` go to gmsh (e.g. "-order 2").
std::vector<int> mesh_and_partition(const ScratchDir& dir, const std::string& geo, int dim,
                                    const std::string& options = "") {
    const auto r = run_command("gmsh -" + std::to_string(dim) + " " + options + " " +
                               source_file("tests/data/" + geo + ".geo") +
                               " -format msh41 -v 0 -o " + dir.file("m.msh"));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return partition_in_blocks(dir, dir.file("m.msh"), "m");
}

// The edges of a graph written with its coordinates, each vertex named by its line of the
// .xyz (the centroid of its cell), so that graphs of one mesh with cells in another order
// compare equal.
std::set<std::pair<std::string, std::string>> edges_by_centroid(const std::string& graph_path) {
    const Graph graph = formats::read_chaco_graph(graph_path);
    std::istringstream xyz(read_text(graph_path.substr(0, graph_path.size() - 6) + ".xyz"));
    std::vector<std::string> names;
    for (std::string line; std::getline(xyz, line);) names.push_back(line);
    EXPECT_EQ(names.size(), std::size_t(graph.num_vertices())) << graph_path;
    std::set<std::pair<std::string, std::string>> edges;
    for (VertexId v = 0; v < graph.num_vertices(); ++v)
        for (EdgeOffset e = graph.xadj[std::size_t(v)]; e < graph.xadj[std::size_t(v) + 1]; ++e)
            edges.insert(
                {names.at(std::size_t(v)), names.at(std::size_t(graph.adjncy[std::size_t(e)]))});
    return edges;
}

// Cells per (dimension, physical tag) of a gmsh file, as our reader reads it.
std::map<std::pair<int, int>, int> cells_per_tag(const std::string& path) {
    const Mesh mesh = formats::read_gmsh_mesh(path);
    const MeshArray* tags = mesh.find_cell_array(kPhysicalTagArray);
    EXPECT_NE(tags, nullptr) << path;
    std::map<std::pair<int, int>, int> counts;
    for (CellId c = 0; tags && c < mesh.num_cells(); ++c)
        ++counts[{cell_dimension(mesh.cell_types[std::size_t(c)]),
                  int(tags->value(std::size_t(c)))}];
    return counts;
}

struct GmshCase {
    const char* geo;
    int dim;
    int boundary_dim; // of its physical boundary elements
};

class GmshPartitioned : public testing::TestWithParam<GmshCase> {};

TEST_P(GmshPartitioned, GmshReadsThePartitionsBack) {
    ScratchDir dir;
    const std::vector<int> sizes = mesh_and_partition(dir, GetParam().geo, GetParam().dim);
    auto r = run_tool("part-convert", dir.file("m.msh") + " --partition " + dir.file("m.part") +
                                          " --json -o " + dir.file("p.msh"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const PartitionedMsh written = read_partitioned_msh(dir.file("p.msh"));
    const std::map<int, int> expected{{1, sizes[0]}, {2, sizes[1]}, {3, sizes[2]}};
    EXPECT_EQ(written.num_partitions, kGmshParts);
    EXPECT_EQ(count_per_partition(written, GetParam().dim), expected);
    const std::map<int, int> boundary = count_per_partition(written, GetParam().boundary_dim);
    ASSERT_FALSE(boundary.empty()) << "no boundary elements written";
    int boundary_total = 0;
    for (const auto& [partition, n] : boundary) boundary_total += n;
    EXPECT_NE(r.out.find("\"boundary_elements\": " + std::to_string(boundary_total)),
              std::string::npos)
        << r.out;
    expect_boundary_with_its_cell(written, GetParam().dim, "p.msh");

    if (run_command("gmsh --version").exit_code != 0) GTEST_SKIP() << "gmsh is not installed";
    r = run_command("gmsh " + dir.file("p.msh") + " -0 -format msh41 -o " + dir.file("back.msh"));
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_EQ(r.out.find("Error"), std::string::npos) << r.out;
    const PartitionedMsh back = read_partitioned_msh(dir.file("back.msh"));
    EXPECT_EQ(back.num_partitions, kGmshParts);
    EXPECT_EQ(count_per_partition(back, GetParam().dim), expected);
    EXPECT_EQ(count_per_partition(back, GetParam().boundary_dim), boundary);
    expect_boundary_with_its_cell(back, GetParam().dim, "gmsh's back.msh");
}

TEST_P(GmshPartitioned, ReadsBackToTheSameDualGraph) {
    ScratchDir dir;
    mesh_and_partition(dir, GetParam().geo, GetParam().dim);
    auto r = run_tool("part-convert", dir.file("m.msh") + " --partition " + dir.file("m.part") +
                                          " -q -o " + dir.file("p.msh"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    r = run_tool("part-convert", dir.file("p.msh") + " -q -o " + dir.file("back.graph"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto edges = edges_by_centroid(dir.file("m.graph"));
    EXPECT_FALSE(edges.empty());
    EXPECT_EQ(edges_by_centroid(dir.file("back.graph")), edges);
    // The physical tags come back from the partitioned entities.
    const auto tags = cells_per_tag(dir.file("m.msh"));
    EXPECT_GT(tags.size(), 1u);
    EXPECT_EQ(cells_per_tag(dir.file("p.msh")), tags);
}

TEST_P(GmshPartitioned, SplitWritesOneFilePerPart) {
    ScratchDir dir;
    const std::vector<int> sizes = mesh_and_partition(dir, GetParam().geo, GetParam().dim);
    auto r = run_tool("part-convert", dir.file("m.msh") + " --partition " + dir.file("m.part") +
                                          " --split --json -o " + dir.file("s.msh"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_FALSE(file_exists(dir.file("s.msh")));
    EXPECT_FALSE(file_exists(dir.file("s_" + std::to_string(kGmshParts + 1) + ".msh")));
    std::set<long> top_tags;
    int boundary_total = 0;
    for (int p = 1; p <= kGmshParts; ++p) {
        const std::string file = dir.file("s_" + std::to_string(p) + ".msh");
        ASSERT_TRUE(file_exists(file)) << file;
        const PartitionedMsh piece = read_partitioned_msh(file);
        EXPECT_EQ(piece.num_partitions, kGmshParts) << file;
        EXPECT_EQ(count_per_partition(piece, GetParam().dim),
                  (std::map<int, int>{{p, sizes[std::size_t(p - 1)]}}))
            << file;
        for (const auto& [partition, n] : count_per_partition(piece, GetParam().boundary_dim)) {
            EXPECT_EQ(partition, p) << file;
            boundary_total += n;
        }
        expect_boundary_with_its_cell(piece, GetParam().dim, file);
        for (const auto& e : piece.elements)
            if (e.dim == GetParam().dim) top_tags.insert(e.tag);
    }
    EXPECT_EQ(top_tags.size(), std::size_t(sizes[0] + sizes[1] + sizes[2]));
    EXPECT_GT(boundary_total, 0);
    EXPECT_NE(r.out.find("\"boundary_elements\": " + std::to_string(boundary_total)),
              std::string::npos)
        << r.out;
}

// Each cell as the coordinates of its nodes in order (VTK's, as the reader gives them).
std::multiset<std::vector<double>> cells_by_node_coordinates(const std::string& path) {
    const Mesh mesh = formats::read_gmsh_mesh(path);
    std::multiset<std::vector<double>> cells;
    for (CellId c = 0; c < mesh.num_cells(); ++c) {
        std::vector<double> xyz;
        for (PointId p : mesh.cell(c))
            for (int a = 0; a < mesh.dim; ++a)
                xyz.push_back(mesh.points[std::size_t(p) * std::size_t(mesh.dim) + std::size_t(a)]);
        cells.insert(std::move(xyz));
    }
    return cells;
}

// Cells of order 2 to 4 are written in gmsh's node order: read back, every cell has the input's
// nodes in the input's order, edge, face and inner nodes included, and gmsh reads the file.
TEST(GmshPartitionedOutput, HigherOrderCellsComeBackNodeForNode) {
    // gmsh's options, and the nodes of its hexahedra then.
    for (auto [order, hexahedron_nodes] :
         {std::pair{"-order 2", 27}, std::pair{"-order 3", 64}, std::pair{"-order 4", 125}}) {
        SCOPED_TRACE(order);
        ScratchDir dir;
        mesh_and_partition(dir, "mixed3d", 3, order);
        const auto r =
            run_tool("part-convert", dir.file("m.msh") + " --partition " + dir.file("m.part") +
                                         " -q -o " + dir.file("p.msh"));
        ASSERT_EQ(r.exit_code, 0) << r.err;
        const auto input = cells_by_node_coordinates(dir.file("m.msh"));
        const std::size_t hexahedron_coordinates = std::size_t(hexahedron_nodes) * 3;
        EXPECT_TRUE(std::any_of(input.begin(), input.end(), [&](const auto& cell) {
            return cell.size() == hexahedron_coordinates; // clang 14 captures no bindings
        }));
        EXPECT_EQ(cells_by_node_coordinates(dir.file("p.msh")), input);
        const PartitionedMsh written = read_partitioned_msh(dir.file("p.msh"));
        EXPECT_EQ(written.num_partitions, kGmshParts);
        const auto back = run_command("gmsh " + dir.file("p.msh") + " -0 -format msh41 -o " +
                                      dir.file("back.msh"));
        ASSERT_EQ(back.exit_code, 0) << back.out << back.err;
        EXPECT_EQ(back.out.find("Error"), std::string::npos) << back.out;
        EXPECT_EQ(count_per_partition(read_partitioned_msh(dir.file("back.msh")), 3),
                  count_per_partition(written, 3));
    }
}

INSTANTIATE_TEST_SUITE_P(Meshes, GmshPartitioned,
                         testing::Values(GmshCase{"mixed2d", 2, 1}, GmshCase{"mixed3d", 3, 2}),
                         [](const auto& info) { return std::string(info.param.geo); });

TEST(GmshPartitionedOutput, SameInputGivesTheSameBytes) {
    ScratchDir dir;
    mesh_and_partition(dir, "mixed3d", 3);
    for (const char* out : {"a.msh", "b.msh"}) {
        const auto r =
            run_tool("part-convert", dir.file("m.msh") + " --partition " + dir.file("m.part") +
                                         " --format gmsh -q -o " + dir.file(out));
        ASSERT_EQ(r.exit_code, 0) << r.err;
    }
    EXPECT_EQ(read_text(dir.file("a.msh")), read_text(dir.file("b.msh")));
    EXPECT_NE(read_text(dir.file("a.msh")).find("$PartitionedEntities"), std::string::npos);
}

TEST(GmshPartitionedOutput, RefusesWhatItCannotWrite) {
    ScratchDir dir;
    mesh_and_partition(dir, "mixed2d", 2);
    const std::string base = dir.file("m.msh") + " --partition " + dir.file("m.part");
    auto r = run_tool("part-convert",
                      base + " --old-partition " + dir.file("m.part") + " -o " + dir.file("g.msh"));
    EXPECT_EQ(r.exit_code, 2) << r.err;
    r = run_tool("part-convert", dir.file("m.msh") + " -o " + dir.file("g.msh"));
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("--partition"), std::string::npos) << r.err;
    EXPECT_TRUE(entries_of(dir) ==
                (std::vector<std::string>{"m.graph", "m.msh", "m.part", "m.xyz"}));

    // Polyhedra (an OpenFOAM mesh's) have no gmsh element type: refused, nothing written.
    const std::string foam = source_file("tests/data/openfoam_polydual");
    partition_in_blocks(dir, foam, "f");
    r = run_tool("part-convert",
                 foam + " --partition " + dir.file("f.part") + " -o " + dir.file("f.msh"));
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("polyhedron"), std::string::npos) << r.err;
    EXPECT_FALSE(file_exists(dir.file("f.msh")));
}

// The $GhostElements of a partitioned MSH 4.1 ASCII file: element tag -> (owner partition,
// the partitions holding it as a ghost).
std::map<long, std::pair<int, std::set<int>>> read_ghost_elements(const std::string& path) {
    std::ifstream in(path);
    std::map<long, std::pair<int, std::set<int>>> ghosts;
    std::string word;
    while (in >> word)
        if (word == "$GhostElements") {
            long n;
            in >> n;
            for (long k = 0; k < n; ++k) {
                long tag;
                int owner, count;
                in >> tag >> owner >> count;
                auto& [o, parts] = ghosts[tag];
                o = owner;
                for (int j = 0; j < count; ++j) {
                    int q;
                    in >> q;
                    parts.insert(q);
                }
            }
        }
    return ghosts;
}

// One ghost layer by gmsh's rule, worked out from the written elements: each element of
// dimension `dim` is a ghost in every other partition with an element sharing a node with it.
std::map<long, std::pair<int, std::set<int>>> one_layer_of_ghosts(const PartitionedMsh& msh,
                                                                  int dim) {
    std::map<long, std::set<int>> partitions_of_node;
    for (const auto& e : msh.elements)
        if (e.dim == dim)
            for (long node : e.nodes) partitions_of_node[node].insert(e.partition);
    std::map<long, std::pair<int, std::set<int>>> ghosts;
    for (const auto& e : msh.elements) {
        if (e.dim != dim) continue;
        std::set<int> others;
        for (long node : e.nodes)
            for (int q : partitions_of_node[node])
                if (q != e.partition) others.insert(q);
        if (!others.empty()) ghosts[e.tag] = {e.partition, others};
    }
    return ghosts;
}

TEST(GmshPartitionedOutput, GhostLayerAsGmshWritesIt) {
    ScratchDir dir;
    mesh_and_partition(dir, "mixed3d", 3);
    auto r = run_tool("part-convert", dir.file("m.msh") + " --partition " + dir.file("m.part") +
                                          " --ghost-layers 1 -q -o " + dir.file("g.msh"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const PartitionedMsh written = read_partitioned_msh(dir.file("g.msh"));
    const auto expected = one_layer_of_ghosts(written, 3);
    ASSERT_FALSE(expected.empty());
    EXPECT_EQ(read_ghost_elements(dir.file("g.msh")), expected);

    if (run_command("gmsh --version").exit_code != 0) GTEST_SKIP() << "gmsh is not installed";
    r = run_command("gmsh " + dir.file("g.msh") + " -0 -format msh41 -o " + dir.file("back.msh"));
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_EQ(r.out.find("Error"), std::string::npos) << r.out;
    EXPECT_EQ(read_partitioned_msh(dir.file("back.msh")).num_partitions, kGmshParts);
    EXPECT_EQ(read_ghost_elements(dir.file("back.msh")), expected);
}

TEST(GmshPartitionedOutput, SplitFilesHoldTheirGhostCells) {
    ScratchDir dir;
    const std::vector<int> sizes = mesh_and_partition(dir, "mixed3d", 3);
    auto r = run_tool("part-convert", dir.file("m.msh") + " --partition " + dir.file("m.part") +
                                          " --ghost-layers 1 --split -q -o " + dir.file("s.msh"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    ASSERT_EQ(run_tool("part-convert", dir.file("m.msh") + " --partition " + dir.file("m.part") +
                                           " -q -o " + dir.file("whole.msh"))
                  .exit_code,
              0);
    const auto all = one_layer_of_ghosts(read_partitioned_msh(dir.file("whole.msh")), 3);
    for (int p = 1; p <= kGmshParts; ++p) {
        const std::string file = dir.file("s_" + std::to_string(p) + ".msh");
        std::map<long, std::pair<int, std::set<int>>> expected;
        for (const auto& [tag, ghost] : all)
            if (ghost.second.count(p)) expected[tag] = {ghost.first, {p}};
        ASSERT_FALSE(expected.empty()) << file;
        EXPECT_EQ(read_ghost_elements(file), expected) << file;
        // The ghost cells are elements of the file, under its ghost entity (no partition).
        const PartitionedMsh piece = read_partitioned_msh(file);
        std::set<long> ghost_elements;
        for (const auto& e : piece.elements)
            if (e.dim == 3 && e.partition == 0) ghost_elements.insert(e.tag);
        std::set<long> expected_tags;
        for (const auto& [tag, ghost] : expected) expected_tags.insert(tag);
        EXPECT_EQ(ghost_elements, expected_tags) << file;
        EXPECT_EQ(count_per_partition(piece, 3)[p], sizes[std::size_t(p - 1)]) << file;
    }
}

} // namespace
