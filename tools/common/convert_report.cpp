#include "tools/common/convert_report.hpp"

#include <ostream>

namespace part::tools {

nlohmann::json mesh_json(const std::string& path, const Mesh& mesh) {
    return {{"mesh", path}, {"points", mesh.num_points()}, {"mesh_cells", mesh.num_cells()}};
}

nlohmann::json mesh_graph_json(const formats::WrittenMeshGraph& written) {
    nlohmann::json report = {{"output", written.graph},
                             {"graph", written.nodal ? "nodal" : "dual"},
                             {"vertices", written.vertices},
                             {"edges", written.edges}};
    if (!written.coordinates.empty()) report["coordinates"] = written.coordinates;
    return report;
}

nlohmann::json partitioned_mesh_json(const formats::WrittenPartitionedMesh& written) {
    nlohmann::json report = {
        {"output", written.output}, {"cells", written.cells}, {"parts", written.parts}};
    if (written.moved_cells) report["moved_cells"] = *written.moved_cells;
    if (written.pieces) report["pieces"] = *written.pieces;
    if (written.boundary_elements) report["boundary_elements"] = *written.boundary_elements;
    return report;
}

nlohmann::json written_output_json(const formats::WrittenMeshOutput& written) {
    if (const auto* graph = std::get_if<formats::WrittenMeshGraph>(&written))
        return mesh_graph_json(*graph);
    if (const auto* mesh = std::get_if<formats::WrittenPartitionedMesh>(&written))
        return partitioned_mesh_json(*mesh);
    const auto& metis = std::get<formats::WrittenMetisMesh>(written);
    return {{"output", metis.output}, {"cells", metis.cells}};
}

void print_convert_summary(std::ostream& out, const nlohmann::json& report) {
    out << "Wrote " << report["output"].get<std::string>();
    if (report.contains("vertices"))
        out << ": " << report["graph"].get<std::string>() << " graph, " << report["vertices"]
            << " vertices, " << report["edges"] << " edges";
    if (report.contains("coordinates"))
        out << "; coordinates in " << report["coordinates"].get<std::string>();
    if (report.contains("parts"))
        out << ": " << report["cells"] << " cells, " << report["parts"] << " parts";
    if (report.contains("boundary_elements"))
        out << ", " << report["boundary_elements"] << " boundary elements";
    out << "\n";
}

} // namespace part::tools
