#pragma once
// A partition written onto its mesh for ParaView (part-convert --partition): the mesh's
// top-dimensional cells (and optionally its boundary elements) as a .vtu with a 'partition' cell
// array, or as one .vtu piece per part and a .pvtu naming them; a previous partition adds
// 'old_partition' and 'moved'. Or, for OpenFOAM's decomposePar, the partition as a
// cellDecomposition list.
#include <cstddef>
#include <optional>
#include <string>

#include "libpart/core/partition.hpp"
#include "libpart/mesh/mesh.hpp"

namespace part::formats {

struct PartitionedMeshRequest {
    std::string partition;     // partition file: one part id per top-dimensional cell
    std::string old_partition; // the same for the previous partition; empty: none
    bool split = false;        // one piece per part (the .pvtu dataset)
    int ghost_layers = 0;      // with split: ghost cell layers per piece, marked vtkGhostType
    bool boundary = false;     // also write the boundary elements (boundary_elements.hpp)
};

// What write_partitioned_mesh wrote.
struct WrittenPartitionedMesh {
    std::string output; // the .vtu, or the .pvtu with split
    std::size_t cells = 0;
    PartId parts = 0;
    std::optional<std::size_t> moved_cells{}; // with an old partition: cells in another part
    std::optional<std::size_t> pieces{}; // with split: the files written, one per non-empty part
    std::optional<std::size_t> boundary_elements{}; // with boundary: those written
};

// The file write_partitioned_mesh writes for `output`: `output` itself, or with split the
// same name ending in .pvtu.
std::string partitioned_mesh_path(const std::string& output, bool split);

// Reads the partitions, checking their lengths against the top-dimensional cells of the mesh
// read from `mesh_path` (InputError naming the partition file and the mesh), and writes the
// mesh with them atomically to partitioned_mesh_path(output, request.split). With
// request.boundary the boundary elements follow the top-dimensional cells, each in the piece
// of its adjacent cell (and a ghost in
// the pieces whose ghost layers reach its nodes), with that cell's parts and the
// cell array 'boundary' = 1 (0 for the other cells); one without an adjacent cell is an
// InputError naming the mesh.
WrittenPartitionedMesh write_partitioned_mesh(const Mesh& mesh, const std::string& mesh_path,
                                              const PartitionedMeshRequest& request,
                                              const std::string& output);

// Reads the partition as write_partitioned_mesh does and writes it, atomically, to `output` as
// OpenFOAM's cellDecomposition (openfoam_decomposition.hpp) for decomposePar's manual method.
WrittenPartitionedMesh write_cell_decomposition_of_mesh(const Mesh& mesh,
                                                        const std::string& mesh_path,
                                                        const PartitionedMeshRequest& request,
                                                        const std::string& output);

// Reads the partition as write_partitioned_mesh does and writes the mesh with it as a
// partitioned Gmsh 4.1 mesh (gmsh_partitioned_output.hpp) to `output`, or with request.split to
// one file per part (out_1.msh, ...). With request.boundary the boundary elements go in the
// partition of their adjacent cell. The output holds no 'partition' array: gmsh's partitioned
// entities say where each element is.
WrittenPartitionedMesh write_gmsh_partitioned_mesh_of(const Mesh& mesh,
                                                      const std::string& mesh_path,
                                                      const PartitionedMeshRequest& request,
                                                      const std::string& output);

} // namespace part::formats
