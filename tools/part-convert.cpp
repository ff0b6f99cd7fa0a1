// part-convert: meshes to graphs for the partitioners, and partitions back onto meshes for
// ParaView.
#include <algorithm>
#include <filesystem>
#include <iostream>

#include <nlohmann/json.hpp>

#include "formats/chaco_graph.hpp"
#include "formats/coordinates_file.hpp"
#include "formats/mesh_file.hpp"
#include "formats/metis_mesh.hpp"
#include "formats/partition_file.hpp"
#include "formats/vtk_mesh.hpp"
#include "libpart/mesh/mesh_graph.hpp"
#include "libpart/mesh/mesh_pieces.hpp"
#include "libpart/mesh/mesh_weights.hpp"
#include "tools/common/cli.hpp"

namespace {

using namespace part;
namespace fs = std::filesystem;

struct ConvertOptions {
    std::string mesh_path, partition_path, old_partition_path, weight_field, size_field;
    int ncommon = 0;
    bool nodal = false;
    bool split = false;
    int ghost_layers = 0;
};

std::string with_extension(const std::string& path, const std::string& ext) {
    return fs::path(path).replace_extension(ext).string();
}

std::string names_of(const std::vector<MeshArray>& arrays) {
    std::string names;
    for (const auto& a : arrays) names += (names.empty() ? "" : ", ") + a.name();
    return names.empty() ? "none" : names;
}

// The named array, or an error listing the arrays the mesh has.
const MeshArray& field(const Mesh& mesh, const std::string& name, bool on_points,
                       const std::string& path) {
    const MeshArray* array = on_points ? mesh.find_point_array(name) : mesh.find_cell_array(name);
    if (!array)
        throw InputError(path, 0,
                         std::string("no ") + (on_points ? "point" : "cell") + " field '" + name +
                             "'; the mesh has " + (on_points ? "point" : "cell") +
                             " fields: " + names_of(on_points ? mesh.point_data : mesh.cell_data));
    return *array;
}

std::vector<Weight> field_weights(const MeshArray& array, std::span<const CellId> tuples,
                                  const std::string& path) {
    try {
        return tuples.empty() ? weights_from_array(array) : weights_from_array(array, tuples);
    } catch (const InvalidArgument& e) {
        throw InputError(path, 0, e.what());
    }
}

// Memory is kept near the adjacency's own size: fields are dropped once read, the graph
// is written and freed before the centroids are computed, and the mesh freed before they
// are written.
nlohmann::json write_graph(Mesh mesh, const ConvertOptions& o, const std::string& output) {
    std::vector<CellId> cells = o.nodal ? std::vector<CellId>{} : top_dimensional_cells(mesh);
    std::vector<Weight> weights, sizes;
    int ncon = 0;
    if (!o.weight_field.empty()) {
        const MeshArray& array = field(mesh, o.weight_field, o.nodal, o.mesh_path);
        weights = field_weights(array, cells, o.mesh_path);
        ncon = array.components();
    }
    if (!o.size_field.empty()) {
        const MeshArray& array = field(mesh, o.size_field, o.nodal, o.mesh_path);
        if (array.components() != 1)
            throw InputError(o.mesh_path, 0,
                             "size field '" + o.size_field + "' has " +
                                 std::to_string(array.components()) + " components: expected 1");
        sizes = field_weights(array, cells, o.mesh_path);
    }
    mesh.cell_data = {};
    mesh.point_data = {};
    cells = {};

    Graph graph;
    if (o.nodal)
        graph = build_nodal_graph(mesh);
    else {
        DualGraph dual = build_dual_graph(mesh, o.ncommon, false);
        graph = std::move(dual.graph);
        cells = std::move(dual.cells);
    }
    graph.vwgt = std::move(weights);
    graph.ncon = ncon;
    graph.vsize = std::move(sizes);
    nlohmann::json report = {{"output", output},
                             {"graph", o.nodal ? "nodal" : "dual"},
                             {"vertices", graph.num_vertices()},
                             {"edges", graph.num_edges()}};
    formats::write_chaco_graph(output, graph);
    Coordinates coords = o.nodal ? std::move(graph.coords) : Coordinates{};
    graph = Graph{};
    if (!o.nodal) coords = cell_centroids(mesh, cells);
    mesh = Mesh{};
    if (!coords.empty()) {
        const std::string xyz = with_extension(output, ".xyz");
        try {
            formats::write_coordinates(xyz, coords);
        } catch (...) {
            fs::remove(output); // the pair appears whole or not at all
            throw;
        }
        report["coordinates"] = xyz;
    }
    return report;
}

Partition read_cell_partition(const std::string& path, std::size_t cells,
                              const std::string& mesh_path) {
    try {
        return formats::read_partition(path, std::int64_t(cells));
    } catch (const InputError& e) {
        throw InputError(e.file(), e.line(),
                         e.message() + " (expected one part id per top-dimensional cell of " +
                             mesh_path + ": " + std::to_string(cells) + " lines)");
    }
}

nlohmann::json write_partitioned_mesh(const Mesh& mesh, const ConvertOptions& o,
                                      std::string output) {
    const std::vector<CellId> cells = top_dimensional_cells(mesh);
    const Partition partition = read_cell_partition(o.partition_path, cells.size(), o.mesh_path);
    std::vector<MeshArray> extra{MeshArray::from_values("partition", 1, partition.part)};
    nlohmann::json report = {{"cells", cells.size()}, {"parts", partition.num_parts}};
    if (!o.old_partition_path.empty()) {
        const Partition old = read_cell_partition(o.old_partition_path, cells.size(), o.mesh_path);
        std::vector<std::uint8_t> moved(cells.size());
        std::size_t moved_count = 0;
        for (std::size_t i = 0; i < cells.size(); ++i)
            moved_count += moved[i] = old.part[i] != partition.part[i];
        extra.push_back(MeshArray::from_values("old_partition", 1, old.part));
        extra.push_back(MeshArray::from_values("moved", 1, moved));
        report["moved_cells"] = moved_count;
    }
    if (o.split) {
        output = with_extension(output, ".pvtu");
        const auto pieces =
            split_mesh(mesh, cells, partition.part, partition.num_parts, o.ghost_layers);
        formats::write_pvtu(output, mesh, cells, pieces, extra, o.ghost_layers);
        // VTK writes no file for an empty part.
        report["pieces"] = std::count_if(pieces.begin(), pieces.end(),
                                         [](const MeshPiece& p) { return !p.cells.empty(); });
    } else
        formats::write_vtu(output, mesh, cells, extra);
    report["output"] = output;
    return report;
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app("Convert a mesh (.msh gmsh 2.2/4.1, .vtu, .vtk, METIS .mesh) to the graph the "
                 "partitioners read "
                 "(OUT.graph plus coordinates in OUT.xyz), or write a partition onto the mesh as "
                 ".vtu/.pvtu for "
                 "ParaView. OUT.mesh writes the top-dimensional cells as a METIS mesh file.");
    tools::add_example(
        app,
        "part-convert data/naca0012.msh -o naca0012.graph && part-partition naca0012.graph -k 8 "
        "--method metis && part-convert data/naca0012.msh --partition naca0012.graph.part.8 "
        "-o naca0012.vtu");
    tools::CommonOptions common;
    ConvertOptions o;
    app.add_option("MESH", o.mesh_path, "Mesh file: .msh, .vtu, .vtk or .mesh")->required();
    app.add_option("--ncommon", o.ncommon,
                   "Dual graph: cells sharing at least N nodes are adjacent, as m2gmetis "
                   "-ncommon=N (default: "
                   "cells sharing a face)")
        ->check(CLI::PositiveNumber);
    app.add_flag("--nodal", o.nodal,
                 "Build the graph of mesh points (nodes sharing a cell) instead of the dual graph");
    app.add_option("--weight-field", o.weight_field,
                   "Cell array (point array with --nodal) giving vertex weights; k components give "
                   "k constraints");
    app.add_option("--size-field", o.size_field,
                   "Cell array (point array with --nodal) giving migration sizes");
    app.add_option("--partition", o.partition_path,
                   "Partition file (one part per top-dimensional cell): write the mesh with a "
                   "'partition' cell array");
    app.add_option("--old-partition", o.old_partition_path,
                   "Previous partition: adds 'old_partition' and 'moved'");
    app.add_flag("--split", o.split,
                 "Write one .vtu piece per part and a .pvtu that ParaView opens as one dataset");
    app.add_option("--ghost-layers", o.ghost_layers,
                   "Ghost cell layers per piece (with --split), marked vtkGhostType")
        ->check(CLI::Range(0, 8));
    tools::add_common_options(app, common, true);

    return tools::run_tool(app, argc, argv, [&] {
        if (common.output.empty())
            throw tools::UsageError(
                "-o OUT is required (OUT.graph, OUT.mesh, OUT.vtu or OUT.pvtu)");
        const bool partition_mode = !o.partition_path.empty();
        if (!partition_mode && (o.split || !o.old_partition_path.empty() || o.ghost_layers > 0))
            throw tools::UsageError("--split, --old-partition and --ghost-layers need --partition");
        if (o.ghost_layers > 0 && !o.split) throw tools::UsageError("--ghost-layers needs --split");
        if (o.nodal && o.ncommon > 0)
            throw tools::UsageError("--ncommon applies to the dual graph, not --nodal");
        if (partition_mode &&
            (o.nodal || o.ncommon > 0 || !o.weight_field.empty() || !o.size_field.empty()))
            throw tools::UsageError(
                "--partition writes a mesh; --nodal, --ncommon and the fields are for graphs");
        const std::string ext = fs::path(common.output).extension().string();
        if (partition_mode && ext != ".vtu" && ext != ".pvtu")
            throw tools::UsageError(
                "with --partition the output must be a .vtu (or .pvtu with --split), not '" +
                common.output + "'");
        if (!partition_mode && ext == ".xyz")
            throw tools::UsageError("-o names the graph; its coordinates go beside it as OUT.xyz, "
                                    "so OUT cannot end in .xyz");
        if (!partition_mode && (ext == ".vtu" || ext == ".pvtu"))
            throw tools::UsageError("writing " + common.output + " needs --partition P");
        const std::vector<std::string> inputs{o.mesh_path, o.partition_path, o.old_partition_path};
        tools::ensure_not_an_input(common.output, inputs);
        if (!partition_mode)
            tools::ensure_not_an_input(with_extension(common.output, ".xyz"), inputs);
        if (o.split) tools::ensure_not_an_input(with_extension(common.output, ".pvtu"), inputs);

        tools::Progress progress(common.quiet);
        progress.stage("reading " + o.mesh_path);
        Mesh mesh = formats::read_mesh(o.mesh_path);
        nlohmann::json report = {
            {"mesh", o.mesh_path}, {"points", mesh.num_points()}, {"mesh_cells", mesh.num_cells()}};
        if (partition_mode) {
            progress.stage("writing the partitioned mesh");
            report.update(write_partitioned_mesh(mesh, o, common.output));
        } else if (ext == ".mesh") {
            const auto cells = top_dimensional_cells(mesh);
            formats::write_metis_mesh(common.output, mesh, cells);
            report.update({{"output", common.output}, {"cells", cells.size()}});
        } else {
            progress.stage(o.nodal ? "building the nodal graph" : "building the dual graph");
            report.update(write_graph(std::move(mesh), o, common.output));
        }
        if (common.json)
            std::cout << report.dump(2) << "\n";
        else if (!common.quiet) {
            std::cout << "Wrote " << report["output"].get<std::string>();
            if (report.contains("vertices"))
                std::cout << ": " << report["graph"].get<std::string>() << " graph, "
                          << report["vertices"] << " vertices, " << report["edges"] << " edges";
            if (report.contains("coordinates"))
                std::cout << "; coordinates in " << report["coordinates"].get<std::string>();
            if (report.contains("parts"))
                std::cout << ": " << report["cells"] << " cells, " << report["parts"] << " parts";
            std::cout << "\n";
        }
    });
}
