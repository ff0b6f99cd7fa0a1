// part-convert: meshes to graphs for the partitioners, and partitions back onto meshes for
// ParaView.
#include <filesystem>
#include <iostream>

#include <nlohmann/json.hpp>

#include "formats/atomic_output.hpp"
#include "formats/mesh_file.hpp"
#include "formats/mesh_graph_files.hpp"
#include "formats/metis_mesh.hpp"
#include "formats/openfoam_decomposition.hpp"
#include "formats/partitioned_mesh_output.hpp"
#include "tools/common/cli.hpp"
#include "tools/common/convert_report.hpp"

namespace {

using namespace part;

struct ConvertOptions {
    std::string mesh_path;
    formats::MeshGraphRequest graph;
    formats::PartitionedMeshRequest partitioned;
    std::string format;          // "openfoam", "gmsh", or empty: the output's name picks the format
    bool boundary_given = false; // --boundary or --no-boundary on the command line
};

// True when the output is OpenFOAM's cellDecomposition: named so, or asked for by --format.
bool writes_cell_decomposition(const ConvertOptions& o, const std::string& output) {
    return o.format == "openfoam" || formats::is_cell_decomposition_path(output);
}

// True when the output is a partitioned Gmsh mesh: a .msh, or asked for by --format.
bool writes_gmsh(const ConvertOptions& o, const std::string& output) {
    return o.format == "gmsh" ||
           (o.format.empty() && std::filesystem::path(output).extension() == ".msh");
}

// A partitioned Gmsh mesh says where each element is by its partitioned entities: the option
// that adds cell arrays does not apply. Ghost layers go in $GhostElements, split or not.
void check_gmsh_options(const ConvertOptions& o, const std::string& output) {
    const formats::PartitionedMeshRequest& p = o.partitioned;
    if (p.partition.empty())
        throw tools::UsageError("a Gmsh .msh output needs --partition P (a graph is written as "
                                "OUT.graph, a METIS mesh as OUT.mesh)");
    if (!p.old_partition.empty())
        throw tools::UsageError(
            "--old-partition writes .vtu datasets, not a partitioned Gmsh mesh");
    if (p.split) tools::ensure_file_output(output, "-o", "one .msh file per part");
    tools::ensure_output_usable(output, {o.mesh_path, p.partition});
}

// The partition written as a cellDecomposition is one list: the options of the .vtu datasets
// do not apply.
void check_cell_decomposition_options(const ConvertOptions& o) {
    const formats::PartitionedMeshRequest& p = o.partitioned;
    if (p.partition.empty())
        throw tools::UsageError("an OpenFOAM cellDecomposition output needs --partition P");
    if (p.split || !p.old_partition.empty() || p.ghost_layers > 0 || o.boundary_given)
        throw tools::UsageError("--split, --old-partition, --ghost-layers and --boundary write "
                                ".vtu datasets, not an OpenFOAM cellDecomposition");
}

// Refuses options that do not go together and outputs that cannot take what is written
// (throws UsageError). Returns the output's extension: .vtu for a partitioned mesh written
// to standard output, a device or a pipe, which take that one file.
std::string check_options(const ConvertOptions& o, const std::string& output) {
    const formats::MeshGraphRequest& g = o.graph;
    const formats::PartitionedMeshRequest& p = o.partitioned;
    if (output.empty())
        throw tools::UsageError(
            "-o OUT is required (OUT.graph, OUT.mesh, OUT.vtu, OUT.pvtu, OUT.msh or "
            "cellDecomposition)");
    const bool partition_mode = !p.partition.empty();
    if (writes_cell_decomposition(o, output)) {
        check_cell_decomposition_options(o);
        tools::ensure_output_usable(output, {o.mesh_path, p.partition});
        return "";
    }
    if (writes_gmsh(o, output)) {
        check_gmsh_options(o, output);
        return ".msh";
    }
    if (!partition_mode &&
        (p.split || !p.old_partition.empty() || p.ghost_layers > 0 || o.boundary_given))
        throw tools::UsageError(
            "--split, --old-partition, --ghost-layers and --boundary need --partition");
    if (p.ghost_layers > 0 && !p.split) throw tools::UsageError("--ghost-layers needs --split");
    if (g.nodal && g.ncommon > 0)
        throw tools::UsageError("--ncommon applies to the dual graph, not --nodal");
    if (g.weight_scale > 0 && g.weight_field.empty() && g.size_field.empty())
        throw tools::UsageError("--weight-scale needs --weight-field or --size-field");
    if (partition_mode && (g.nodal || g.ncommon > 0 || !g.weight_field.empty() ||
                           !g.size_field.empty() || g.weight_scale > 0))
        throw tools::UsageError(
            "--partition writes a mesh; --nodal, --ncommon and the fields are for graphs");
    if (p.split) tools::ensure_file_output(output, "-o", tools::kPvtuFiles);
    const std::string ext = formats::writes_directly(output) && partition_mode
                                ? ".vtu"
                                : std::filesystem::path(output).extension().string();
    if (!partition_mode && ext != ".mesh")
        tools::ensure_file_output(output, "-o",
                                  "a graph with its coordinates in OUT.xyz, two files");
    if (partition_mode && ext != ".vtu" && ext != ".pvtu")
        throw tools::UsageError("with --partition the output must be a .vtu or a .pvtu dataset, a "
                                "Gmsh .msh or an OpenFOAM cellDecomposition, not '" +
                                output + "'");
    if (!partition_mode && ext == ".xyz")
        throw tools::UsageError("-o names the graph; its coordinates go beside it as OUT.xyz, so "
                                "OUT cannot end in .xyz");
    if (!partition_mode && (ext == ".vtu" || ext == ".pvtu"))
        throw tools::UsageError("writing " + output + " needs --partition P");
    const std::vector<std::string> inputs{o.mesh_path, p.partition, p.old_partition};
    tools::ensure_output_usable(output, inputs);
    if (!partition_mode) tools::ensure_output_usable(formats::coordinates_beside(output), inputs);
    if (p.split) tools::ensure_output_usable(formats::partitioned_mesh_path(output, true), inputs);
    return ext;
}

// A .pvtu is a partitioned dataset (a summary naming one .vtu piece per part); one .vtu under
// that name is a file VTK cannot read, so a .pvtu output with --partition implies --split.
void imply_split_for_pvtu(ConvertOptions& o, const std::string& output) {
    if (!o.partitioned.partition.empty() && !writes_cell_decomposition(o, output) &&
        std::filesystem::path(output).extension() == ".pvtu")
        o.partitioned.split = true;
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app(
        "Convert a mesh (.msh gmsh 1.0/2.x/4.0/4.1, .vtu, .vtk, SU2 .su2, Abaqus or UCD .inp, "
        "AFLR3 .ugrid, Medit, MFEM or METIS .mesh, Exodus II .exo/.e/.ex2, CGNS .cgns, an "
        "OpenFOAM case) to the graph the partitioners "
        "read (OUT.graph plus coordinates in OUT.xyz), or write a partition onto the mesh as "
        ".vtu/.pvtu for ParaView. OUT.mesh writes the top-dimensional cells as a METIS mesh file. "
        "With --partition, -o - writes the .vtu to standard output (the report then goes to "
        "stderr); a graph (two files) and a --split dataset need file names. An output named "
        "cellDecomposition (or --format openfoam) with --partition writes the list OpenFOAM's "
        "decomposePar reads with its manual method. OUT.msh with --partition writes a partitioned "
        "Gmsh 4.1 mesh (gmsh -part's layout: partitioned entities, boundary elements in their "
        "cell's partition), or with --split one file per part, OUT_1.msh ... as gmsh "
        "-part_split names them.");
    tools::add_example(app, "part-convert data/naca0012.msh -o naca0012.graph && part-partition "
                            "naca0012.graph -k 8 --method metis && part-convert data/naca0012.msh "
                            "--partition naca0012.graph.part.8 -o naca0012.vtu");
    tools::CommonOptions common;
    ConvertOptions o;
    app.add_option("MESH", o.mesh_path,
                   "Mesh file: .msh, .vtu, .pvtu, .vtk, .su2, .inp, .ugrid, .mesh, .exo, .e, .ex2, "
                   ".cgns, or an OpenFOAM case (its folder, system/controlDict or .foam file)")
        ->required();
    app.add_option("--ncommon", o.graph.ncommon,
                   "Dual graph: cells sharing at least N nodes are adjacent, as m2gmetis "
                   "-ncommon=N (default: cells sharing a face)")
        ->check(CLI::PositiveNumber);
    app.add_flag("--nodal", o.graph.nodal,
                 "Build the graph of mesh points (nodes sharing a cell) instead of the dual graph");
    app.add_option("--weight-field", o.graph.weight_field,
                   "Cell array (point array with --nodal) giving vertex weights; k components give "
                   "k constraints");
    app.add_option("--size-field", o.graph.size_field,
                   "Cell array (point array with --nodal) giving migration sizes");
    app.add_option("--weight-scale", o.graph.weight_scale,
                   "Multiply the fields' values by S and round them (real-valued fields)")
        ->check(CLI::PositiveNumber);
    app.add_option("--partition", o.partitioned.partition,
                   "Partition file (one part per top-dimensional cell): write the mesh with a "
                   "'partition' cell array");
    app.add_option("--old-partition", o.partitioned.old_partition,
                   "Previous partition: adds 'old_partition' and 'moved'");
    app.add_flag("--split", o.partitioned.split,
                 "Write one .vtu piece per part and a .pvtu that ParaView opens as one dataset (an "
                 "existing one is replaced all-or-nothing, its stale pieces removed); implied by "
                 "-o OUT.pvtu. With OUT.msh: one Gmsh file per part, OUT_1.msh ...");
    app.add_option("--ghost-layers", o.partitioned.ghost_layers,
                   "Ghost cell layers per piece (with --split), marked vtkGhostType; with OUT.msh, "
                   "gmsh's ghost elements ($GhostElements, split or not)")
        ->check(CLI::Range(0, 8));
    o.partitioned.boundary = true;
    app.add_flag("--boundary,!--no-boundary", o.partitioned.boundary,
                 "Write the boundary elements (the default; --no-boundary leaves them out): faces "
                 "in 3D, edges in 2D with a physical tag, each in the piece of the part owning "
                 "its adjacent cell, with its tag and the cell array 'boundary' = 1");
    app.add_option("--format", o.format,
                   "Output format when the name does not say it: 'openfoam' writes the "
                   "--partition as OpenFOAM's cellDecomposition list (decomposePar's manual "
                   "method); 'gmsh' writes it as a partitioned Gmsh 4.1 mesh, as -o OUT.msh does")
        ->check(CLI::IsMember({"openfoam", "gmsh"}));
    tools::add_common_options(app, common, {});

    return tools::run_tool(app, argc, argv, [&] {
        imply_split_for_pvtu(o, common.output);
        o.boundary_given = app.count("--boundary") > 0;
        const std::string ext = check_options(o, common.output);
        tools::Progress progress(common.quiet);
        progress.stage("reading " + o.mesh_path);
        Mesh mesh = formats::read_mesh(o.mesh_path);
        nlohmann::json report = tools::mesh_json(o.mesh_path, mesh);
        if (writes_cell_decomposition(o, common.output)) {
            progress.stage("writing the cell decomposition");
            report.update(tools::partitioned_mesh_json(formats::write_cell_decomposition_of_mesh(
                mesh, o.mesh_path, o.partitioned, common.output)));
        } else if (writes_gmsh(o, common.output)) {
            progress.stage("writing the partitioned Gmsh mesh");
            report.update(tools::partitioned_mesh_json(formats::write_gmsh_partitioned_mesh_of(
                mesh, o.mesh_path, o.partitioned, common.output)));
        } else if (!o.partitioned.partition.empty()) {
            progress.stage("writing the partitioned mesh");
            report.update(tools::partitioned_mesh_json(
                formats::write_partitioned_mesh(mesh, o.mesh_path, o.partitioned, common.output)));
        } else if (ext == ".mesh") {
            const auto cells = top_dimensional_cells(mesh);
            formats::write_metis_mesh(common.output, mesh, cells);
            report.update({{"output", common.output}, {"cells", cells.size()}});
        } else {
            progress.stage(o.graph.nodal ? "building the nodal graph" : "building the dual graph");
            report.update(tools::mesh_graph_json(
                formats::write_mesh_graph(std::move(mesh), o.mesh_path, o.graph, common.output)));
        }
        std::ostream& out = tools::report_stream(common, {common.output});
        if (common.json)
            out << report.dump(2) << "\n";
        else
            tools::print_convert_summary(out, report);
    });
}
