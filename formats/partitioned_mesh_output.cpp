#include "formats/partitioned_mesh_output.hpp"

#include <algorithm>
#include <filesystem>
#include <numeric>
#include <vector>

#include "formats/gmsh_partitioned_output.hpp"
#include "formats/openfoam_decomposition.hpp"
#include "formats/partition_file.hpp"
#include "formats/vtk_mesh.hpp"
#include "libpart/core/partition_diff.hpp"
#include "libpart/mesh/boundary_elements.hpp"
#include "libpart/mesh/mesh_pieces.hpp"

namespace part::formats {

namespace {

// A partition of the mesh's top-dimensional cells; a wrong length says what was expected.
Partition read_cell_partition(const std::string& path, std::size_t cells,
                              const std::string& mesh_path) {
    try {
        return read_partition(path, std::int64_t(cells));
    } catch (const InputError& e) {
        throw InputError(e.file(), e.line(),
                         e.message() + " (expected one part id per top-dimensional cell of " +
                             mesh_path + ": " + std::to_string(cells) + " lines)");
    }
}

// The boundary elements of the mesh read from `mesh_path`, errors naming it.
BoundaryElements boundary_of(const Mesh& mesh, const std::string& mesh_path,
                             std::span<const CellId> top_cells) {
    try {
        return find_boundary_elements(mesh, top_cells);
    } catch (const MeshError& e) {
        throw InputError(mesh_path, 0,
                         std::string(e.what()) + " (part-convert --no-boundary leaves the "
                                                 "boundary elements out)");
    }
}

// Adds the boundary elements after the top-dimensional cells to the selection, each in the
// part of its adjacent cell.
void append_boundary_cells(const BoundaryElements& boundary, std::vector<CellId>& cells,
                           std::vector<PartId>& part) {
    cells.insert(cells.end(), boundary.cells.begin(), boundary.cells.end());
    const std::vector<PartId> parts = boundary_parts(boundary, part);
    part.insert(part.end(), parts.begin(), parts.end());
}

// Adds the boundary elements after the top-dimensional cells: to the selection, to each
// per-cell array (the value of the adjacent cell), and as the 'boundary' flag array.
void append_boundary(const BoundaryElements& boundary, std::vector<CellId>& cells,
                     std::vector<MeshArray>& extra, std::vector<PartId>& part) {
    const std::size_t top = cells.size();
    append_boundary_cells(boundary, cells, part);
    std::vector<CellId> tuples(top);
    std::iota(tuples.begin(), tuples.end(), CellId(0));
    tuples.insert(tuples.end(), boundary.adjacent.begin(), boundary.adjacent.end());
    for (MeshArray& array : extra) array = array.subset(tuples);
    std::vector<std::uint8_t> flags(cells.size(), 0);
    std::fill(flags.begin() + std::ptrdiff_t(top), flags.end(), std::uint8_t(1));
    extra.push_back(MeshArray::from_values("boundary", 1, flags));
}

} // namespace

std::string partitioned_mesh_path(const std::string& output, bool split) {
    return split ? std::filesystem::path(output).replace_extension(".pvtu").string() : output;
}

WrittenPartitionedMesh write_partitioned_mesh(const Mesh& mesh, const std::string& mesh_path,
                                              const PartitionedMeshRequest& request,
                                              const std::string& output) {
    std::vector<CellId> cells = top_dimensional_cells(mesh);
    Partition partition = read_cell_partition(request.partition, cells.size(), mesh_path);
    std::vector<MeshArray> extra{MeshArray::from_values("partition", 1, partition.part)};
    WrittenPartitionedMesh written{.output = partitioned_mesh_path(output, request.split),
                                   .cells = cells.size(),
                                   .parts = partition.num_parts};
    if (!request.old_partition.empty()) {
        const Partition old = read_cell_partition(request.old_partition, cells.size(), mesh_path);
        const std::vector<std::uint8_t> moved = moved_flags(old.part, partition.part);
        written.moved_cells = std::size_t(std::count(moved.begin(), moved.end(), 1));
        extra.push_back(MeshArray::from_values("old_partition", 1, old.part));
        extra.push_back(MeshArray::from_values("moved", 1, moved));
    }
    if (request.boundary) {
        const BoundaryElements boundary = boundary_of(mesh, mesh_path, cells);
        append_boundary(boundary, cells, extra, partition.part);
        written.boundary_elements = boundary.cells.size();
    }
    if (!request.split) {
        write_vtu(written.output, mesh, cells, extra);
        return written;
    }
    const auto pieces =
        split_mesh(mesh, cells, partition.part, partition.num_parts, request.ghost_layers);
    write_pvtu(written.output, mesh, cells, pieces, extra, request.ghost_layers);
    // VTK writes no file for an empty part.
    written.pieces = std::size_t(std::count_if(
        pieces.begin(), pieces.end(), [](const MeshPiece& p) { return !p.cells.empty(); }));
    return written;
}

WrittenPartitionedMesh write_cell_decomposition_of_mesh(const Mesh& mesh,
                                                        const std::string& mesh_path,
                                                        const PartitionedMeshRequest& request,
                                                        const std::string& output) {
    const std::size_t cells = top_dimensional_cells(mesh).size();
    const Partition partition = read_cell_partition(request.partition, cells, mesh_path);
    write_cell_decomposition(output, partition.part);
    return {.output = output, .cells = cells, .parts = partition.num_parts};
}

WrittenPartitionedMesh write_gmsh_partitioned_mesh_of(const Mesh& mesh,
                                                      const std::string& mesh_path,
                                                      const PartitionedMeshRequest& request,
                                                      const std::string& output) {
    std::vector<CellId> cells = top_dimensional_cells(mesh);
    Partition partition = read_cell_partition(request.partition, cells.size(), mesh_path);
    WrittenPartitionedMesh written{
        .output = output, .cells = cells.size(), .parts = partition.num_parts};
    const GmshGhosts ghosts{request.ghost_layers, cells.size()};
    if (request.boundary) {
        const BoundaryElements boundary = boundary_of(mesh, mesh_path, cells);
        append_boundary_cells(boundary, cells, partition.part);
        written.boundary_elements = boundary.cells.size();
    }
    const std::vector<std::string> files = write_gmsh_partitioned_mesh(
        output, mesh, mesh_path, cells, partition.part, partition.num_parts, request.split, ghosts);
    if (request.split) written.pieces = files.size();
    return written;
}

} // namespace part::formats
