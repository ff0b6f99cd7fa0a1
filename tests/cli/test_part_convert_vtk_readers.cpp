// part-convert on Exodus II, CGNS and OpenFOAM meshes (read through VTK's readers): the graph
// of each has the mesh's cells and faces, a partition goes out as a .vtu with the polyhedra
// whole, and a truncated or foreign file of each format is a clean error (exit 1, no output),
// never a crash.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "formats/mesh_file.hpp"
#include "tests/support/test_files.hpp"

using namespace part;
using namespace part::test;

namespace {

namespace fs = std::filesystem;

// The first line of a METIS graph: vertices and edges.
std::string graph_header(const std::string& path) {
    std::istringstream in(read_text(path));
    std::string line;
    std::getline(in, line);
    return line;
}

} // namespace

TEST(PartConvertVtkReaders, GraphsOfExodusCgnsAndOpenFoamMeshes) {
    ScratchDir dir;
    // Vertices and edges: mixed3d.exo as its .msh, tetgen's and OpenFOAM's face counts.
    auto r =
        run_tool("part-convert", test_data("mixed3d_v41.msh") + " -o " + dir.file("msh.graph"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::pair<std::string, std::string> cases[] = {
        {test_data("mixed3d.exo"), graph_header(dir.file("msh.graph"))},
        {test_data("tetbox.cgns"), "144 216"},
        {test_data("openfoam_hex"), "12 20"},
        {test_data("openfoam_polydual/system/controlDict"), "27 54"}};
    for (const auto& [mesh, header] : cases) {
        SCOPED_TRACE(mesh);
        r = run_tool("part-convert", mesh + " -o " + dir.file("out.graph"));
        ASSERT_EQ(r.exit_code, 0) << r.err;
        EXPECT_EQ(graph_header(dir.file("out.graph")).substr(0, header.size()), header);
    }
}

TEST(PartConvertVtkReaders, PartitionOfAPolyhedralMeshWritesThePolyhedra) {
    ScratchDir dir;
    std::string parts;
    for (int c = 0; c < 27; ++c) parts += std::to_string(c % 3) + "\n";
    const std::string partition = dir.write("poly.part", parts);
    const auto r = run_tool("part-convert", test_data("openfoam_polydual") + " --partition " +
                                                partition + " -o " + dir.file("poly.vtu"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Mesh in = formats::read_mesh(test_data("openfoam_polydual"));
    const Mesh out = formats::read_mesh(dir.file("poly.vtu"));
    EXPECT_EQ(out.cell_types, in.cell_types);
    EXPECT_EQ(out.cell_nodes, in.cell_nodes);
    EXPECT_EQ(out.cell_faces, in.cell_faces);
    ASSERT_NE(out.find_cell_array("partition"), nullptr);
    EXPECT_EQ(out.find_cell_array("partition")->value(4), 1);
}

TEST(PartConvertVtkReaders, TruncatedOrForeignFilesAreCleanErrors) {
    ScratchDir dir;
    std::vector<std::string> bad;
    for (const std::string source : {"mixed3d.exo", "tetbox.cgns"}) {
        const std::string text = read_text(test_data(source));
        const std::string ext = fs::path(source).extension().string();
        bad.push_back(dir.write("cut" + ext, text.substr(0, text.size() / 3)));
        bad.push_back(dir.write("header_only" + ext, text.substr(0, 600)));
        bad.push_back(dir.write("garbage" + ext, std::string(5000, '\x89')));
    }
    // An OpenFOAM case whose faces file is cut in the middle of the list.
    fs::copy(test_data("openfoam_hex"), dir.file("cut_case"), fs::copy_options::recursive);
    const std::string faces = dir.file("cut_case/constant/polyMesh/faces");
    const std::string text = read_text(faces);
    std::ofstream(faces, std::ios::trunc) << text.substr(0, text.size() / 2);
    bad.push_back(dir.file("cut_case"));
    for (const std::string& mesh : bad) {
        SCOPED_TRACE(mesh);
        const auto r = run_tool("part-convert", mesh + " -o " + dir.file("x.graph"));
        EXPECT_EQ(r.exit_code, 1) << r.err;
        EXPECT_NE(r.err.find("error: " + mesh), std::string::npos) << r.err;
        EXPECT_EQ(r.err.find("ERR|"), std::string::npos) << r.err; // no VTK log lines
        EXPECT_FALSE(file_exists(dir.file("x.graph")));
    }
}
