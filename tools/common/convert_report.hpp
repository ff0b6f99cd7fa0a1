#pragma once
// part-convert's report: JSON for scripts, one "Wrote ..." line for people.
#include <iosfwd>
#include <string>

#include <nlohmann/json.hpp>

#include "formats/mesh_conversion.hpp"
#include "libpart/mesh/mesh.hpp"

namespace part::tools {

// The mesh read: its file, points and cells (all of them, boundary cells included).
nlohmann::json mesh_json(const std::string& path, const Mesh& mesh);
// The graph written: its file, kind, size and the coordinates file beside it.
nlohmann::json mesh_graph_json(const formats::WrittenMeshGraph& written);
// The partitioned mesh written: its file, cells and parts, moved cells and pieces.
nlohmann::json partitioned_mesh_json(const formats::WrittenPartitionedMesh& written);

// Whatever part-convert wrote: one of the two above, or the METIS mesh's file and cells.
nlohmann::json written_output_json(const formats::WrittenMeshOutput& written);

// The line for people, from the report's JSON (the output, then what it holds).
void print_convert_summary(std::ostream& out, const nlohmann::json& report);

} // namespace part::tools
