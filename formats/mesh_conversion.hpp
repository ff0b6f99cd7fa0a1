#pragma once
// part-convert's outputs behind one call: which output a name (or an explicit format) asks
// for, and writing a mesh as that output.
#include <cstddef>
#include <string>
#include <variant>

#include "formats/mesh_graph_files.hpp"
#include "formats/partitioned_mesh_output.hpp"

namespace part::formats {

enum class MeshOutput {
    Graph,              // the dual or nodal graph, coordinates beside it (mesh_graph_files)
    MetisMesh,          // the top-dimensional cells as a METIS mesh file (OUT.mesh)
    PartitionedDataset, // a partition written onto the mesh as .vtu or .pvtu pieces
    PartitionedGmsh,    // a partition as a partitioned Gmsh 4.1 mesh (OUT.msh)
    CellDecomposition,  // a partition as OpenFOAM's cellDecomposition list
};

// The output `path` asks for. `format` ("openfoam", "gmsh" or empty) comes first, then the
// name: cellDecomposition, OUT.msh; then, with a partition, a partitioned dataset; without
// one, OUT.mesh or else a graph.
MeshOutput mesh_output_kind(const std::string& path, const std::string& format, bool partitioned);

// What write_mesh_output wrote as a METIS mesh.
struct WrittenMetisMesh {
    std::string output;
    std::size_t cells = 0;
};

using WrittenMeshOutput = std::variant<WrittenMeshGraph, WrittenPartitionedMesh, WrittenMetisMesh>;

// Writes `mesh`, read from `mesh_path`, to `output` as `kind`: `graph` applies to a graph,
// `partitioned` to the three partitioned outputs.
WrittenMeshOutput write_mesh_output(Mesh mesh, const std::string& mesh_path, MeshOutput kind,
                                    const MeshGraphRequest& graph,
                                    const PartitionedMeshRequest& partitioned,
                                    const std::string& output);

} // namespace part::formats
