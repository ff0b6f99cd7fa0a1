#pragma once
// part-convert's options, and the checks that they go together and that the output can take
// what is written.
#include <string>

#include "formats/mesh_conversion.hpp"

namespace part::tools {

struct ConvertOptions {
    std::string mesh_path;
    formats::MeshGraphRequest graph;
    formats::PartitionedMeshRequest partitioned;
    std::string format;          // "openfoam", "gmsh", or empty: the output's name picks the format
    bool boundary_given = false; // --boundary or --no-boundary on the command line
};

// The output `output` asks for (formats::mesh_output_kind), after refusing options that do not
// go with it or with each other and outputs that cannot take what is written (UsageError). A
// .pvtu output with a partition implies --split: one .vtu under that name is a file VTK cannot
// read.
formats::MeshOutput check_convert_options(ConvertOptions& o, const std::string& output);

} // namespace part::tools
