// part-convert's report (tools/common/convert_report): the JSON keys and the "Wrote" line.
#include <gtest/gtest.h>

#include <sstream>

#include "tools/common/convert_report.hpp"

using namespace part;

TEST(ConvertReport, GraphLineNamesKindSizeAndCoordinates) {
    const formats::WrittenMeshGraph graph{"m.graph", "m.xyz", false, 6, 9};
    const nlohmann::json report = tools::mesh_graph_json(graph);
    EXPECT_EQ(report["graph"], "dual");
    std::ostringstream line;
    tools::print_convert_summary(line, report);
    EXPECT_EQ(line.str(), "Wrote m.graph: dual graph, 6 vertices, 9 edges; coordinates in m.xyz\n");
    const formats::WrittenMeshGraph bare{"n.graph", "", true, 4, 5};
    EXPECT_FALSE(tools::mesh_graph_json(bare).contains("coordinates"));
}

TEST(ConvertReport, PartitionedMeshKeepsOnlyWhatWasWritten) {
    formats::WrittenPartitionedMesh mesh{"m.pvtu", 12, 3, {}, 2, {}};
    nlohmann::json report = tools::partitioned_mesh_json(mesh);
    EXPECT_EQ(report["pieces"], 2);
    EXPECT_FALSE(report.contains("moved_cells"));
    EXPECT_FALSE(report.contains("boundary_elements"));
    std::ostringstream line;
    tools::print_convert_summary(line, report);
    EXPECT_EQ(line.str(), "Wrote m.pvtu: 12 cells, 3 parts\n");
    mesh.moved_cells = 5;
    EXPECT_EQ(tools::partitioned_mesh_json(mesh)["moved_cells"], 5);
    mesh.boundary_elements = 4;
    report = tools::partitioned_mesh_json(mesh);
    EXPECT_EQ(report["boundary_elements"], 4);
    line.str("");
    tools::print_convert_summary(line, report);
    EXPECT_EQ(line.str(), "Wrote m.pvtu: 12 cells, 3 parts, 4 boundary elements\n");
}
