// part-convert: meshes to graphs for the partitioners, and partitions back onto meshes for
// ParaView.
#include <iostream>

#include "formats/mesh_file.hpp"
#include "tools/common/cli.hpp"
#include "tools/common/convert_options.hpp"
#include "tools/common/convert_report.hpp"

using namespace part;

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
    tools::ConvertOptions o;
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
        o.boundary_given = app.count("--boundary") > 0;
        const formats::MeshOutput kind = tools::check_convert_options(o, common.output);
        tools::Progress progress(common.quiet);
        progress.stage("reading " + o.mesh_path);
        Mesh mesh = formats::read_mesh(o.mesh_path);
        nlohmann::json report = tools::mesh_json(o.mesh_path, mesh);
        progress.stage("writing " + common.output);
        report.update(tools::written_output_json(formats::write_mesh_output(
            std::move(mesh), o.mesh_path, kind, o.graph, o.partitioned, common.output)));
        std::ostream& out = tools::report_stream(common, {common.output});
        if (common.json)
            out << report.dump(2) << "\n";
        else
            tools::print_convert_summary(out, report);
    });
}
