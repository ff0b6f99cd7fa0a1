#include "formats/mesh_conversion.hpp"

#include <filesystem>

#include "formats/metis_mesh.hpp"
#include "formats/openfoam_decomposition.hpp"

namespace part::formats {

MeshOutput mesh_output_kind(const std::string& path, const std::string& format, bool partitioned) {
    const std::string ext = std::filesystem::path(path).extension().string();
    if (format == "openfoam" || is_cell_decomposition_path(path))
        return MeshOutput::CellDecomposition;
    if (format == "gmsh" || (format.empty() && ext == ".msh")) return MeshOutput::PartitionedGmsh;
    if (partitioned) return MeshOutput::PartitionedDataset;
    return ext == ".mesh" ? MeshOutput::MetisMesh : MeshOutput::Graph;
}

WrittenMeshOutput write_mesh_output(Mesh mesh, const std::string& mesh_path, MeshOutput kind,
                                    const MeshGraphRequest& graph,
                                    const PartitionedMeshRequest& partitioned,
                                    const std::string& output) {
    switch (kind) {
    case MeshOutput::CellDecomposition:
        return write_cell_decomposition_of_mesh(mesh, mesh_path, partitioned, output);
    case MeshOutput::PartitionedGmsh:
        return write_gmsh_partitioned_mesh_of(mesh, mesh_path, partitioned, output);
    case MeshOutput::PartitionedDataset:
        return write_partitioned_mesh(mesh, mesh_path, partitioned, output);
    case MeshOutput::MetisMesh: {
        const auto cells = top_dimensional_cells(mesh);
        write_metis_mesh(output, mesh, cells);
        return WrittenMetisMesh{output, cells.size()};
    }
    case MeshOutput::Graph:
        break;
    }
    return write_mesh_graph(std::move(mesh), mesh_path, graph, output);
}

} // namespace part::formats
