#include "tools/common/convert_options.hpp"

#include <filesystem>

#include "formats/atomic_output.hpp"
#include "tools/common/cli.hpp"

namespace part::tools {

namespace {

// A partitioned Gmsh mesh says where each element is by its partitioned entities: the option
// that adds cell arrays does not apply. Ghost layers go in $GhostElements, split or not.
void check_gmsh_options(const ConvertOptions& o, const std::string& output) {
    const formats::PartitionedMeshRequest& p = o.partitioned;
    if (p.partition.empty())
        throw UsageError("a Gmsh .msh output needs --partition P (a graph is written as "
                         "OUT.graph, a METIS mesh as OUT.mesh)");
    if (!p.old_partition.empty())
        throw UsageError("--old-partition writes .vtu datasets, not a partitioned Gmsh mesh");
    if (p.split) ensure_file_output(output, "-o", "one .msh file per part");
    ensure_output_usable(output, {o.mesh_path, p.partition});
}

// The partition written as a cellDecomposition is one list: the options of the .vtu datasets
// do not apply.
void check_cell_decomposition_options(const ConvertOptions& o, const std::string& output) {
    const formats::PartitionedMeshRequest& p = o.partitioned;
    if (p.partition.empty())
        throw UsageError("an OpenFOAM cellDecomposition output needs --partition P");
    if (p.split || !p.old_partition.empty() || p.ghost_layers > 0 || o.boundary_given)
        throw UsageError("--split, --old-partition, --ghost-layers and --boundary write "
                         ".vtu datasets, not an OpenFOAM cellDecomposition");
    ensure_output_usable(output, {o.mesh_path, p.partition});
}

// A graph or a METIS mesh, or a partition written onto the mesh as .vtu/.pvtu. A partitioned
// mesh written to standard output, a device or a pipe is the one .vtu file these take.
void check_graph_and_dataset_options(const ConvertOptions& o, const std::string& output) {
    const formats::MeshGraphRequest& g = o.graph;
    const formats::PartitionedMeshRequest& p = o.partitioned;
    const bool partition_mode = !p.partition.empty();
    if (!partition_mode &&
        (p.split || !p.old_partition.empty() || p.ghost_layers > 0 || o.boundary_given))
        throw UsageError(
            "--split, --old-partition, --ghost-layers and --boundary need --partition");
    if (p.ghost_layers > 0 && !p.split) throw UsageError("--ghost-layers needs --split");
    if (g.nodal && g.ncommon > 0)
        throw UsageError("--ncommon applies to the dual graph, not --nodal");
    if (g.weight_scale > 0 && g.weight_field.empty() && g.size_field.empty())
        throw UsageError("--weight-scale needs --weight-field or --size-field");
    if (partition_mode && (g.nodal || g.ncommon > 0 || !g.weight_field.empty() ||
                           !g.size_field.empty() || g.weight_scale > 0))
        throw UsageError(
            "--partition writes a mesh; --nodal, --ncommon and the fields are for graphs");
    if (p.split) ensure_file_output(output, "-o", kPvtuFiles);
    const std::string ext = formats::writes_directly(output) && partition_mode
                                ? ".vtu"
                                : std::filesystem::path(output).extension().string();
    if (!partition_mode && ext != ".mesh")
        ensure_file_output(output, "-o", "a graph with its coordinates in OUT.xyz, two files");
    if (partition_mode && ext != ".vtu" && ext != ".pvtu")
        throw UsageError("with --partition the output must be a .vtu or a .pvtu dataset, a "
                         "Gmsh .msh or an OpenFOAM cellDecomposition, not '" +
                         output + "'");
    if (!partition_mode && ext == ".xyz")
        throw UsageError("-o names the graph; its coordinates go beside it as OUT.xyz, so "
                         "OUT cannot end in .xyz");
    if (!partition_mode && (ext == ".vtu" || ext == ".pvtu"))
        throw UsageError("writing " + output + " needs --partition P");
    const std::vector<std::string> inputs{o.mesh_path, p.partition, p.old_partition};
    ensure_output_usable(output, inputs);
    if (!partition_mode) ensure_output_usable(formats::coordinates_beside(output), inputs);
    if (p.split) ensure_output_usable(formats::partitioned_mesh_path(output, true), inputs);
}

} // namespace

formats::MeshOutput check_convert_options(ConvertOptions& o, const std::string& output) {
    const bool partitioned = !o.partitioned.partition.empty();
    const formats::MeshOutput kind = formats::mesh_output_kind(output, o.format, partitioned);
    if (partitioned && kind != formats::MeshOutput::CellDecomposition &&
        std::filesystem::path(output).extension() == ".pvtu")
        o.partitioned.split = true;
    if (output.empty())
        throw UsageError("-o OUT is required (OUT.graph, OUT.mesh, OUT.vtu, OUT.pvtu, OUT.msh or "
                         "cellDecomposition)");
    switch (kind) {
    case formats::MeshOutput::CellDecomposition:
        check_cell_decomposition_options(o, output);
        break;
    case formats::MeshOutput::PartitionedGmsh:
        check_gmsh_options(o, output);
        break;
    default:
        check_graph_and_dataset_options(o, output);
    }
    return kind;
}

} // namespace part::tools
