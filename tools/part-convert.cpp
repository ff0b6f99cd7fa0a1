// part-convert: meshes to graphs for the partitioners, and partitions back onto meshes for
// ParaView.
#include <algorithm>
#include <filesystem>
#include <functional>
#include <iostream>

#include <nlohmann/json.hpp>

#include "formats/atomic_output.hpp"
#include "formats/chaco_graph.hpp"
#include "formats/coordinates_file.hpp"
#include "formats/mesh_file.hpp"
#include "formats/metis_mesh.hpp"
#include "formats/partition_file.hpp"
#include "formats/vtk_mesh.hpp"
#include "libpart/mesh/dual_adjacency.hpp"
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

// The listed tuples of the array as weights (all of them when the list is empty).
std::vector<Weight> field_weights(const MeshArray& array, std::span<const CellId> tuples,
                                  const std::string& path) {
    try {
        return tuples.empty() ? weights_from_array(array) : weights_from_array(array, tuples);
    } catch (const InvalidArgument& e) {
        throw InputError(path, 0, e.what());
    }
}

// Throws, listing the arrays the mesh has, when a field the options name is missing; and
// when the size field has more than one component.
void check_fields(const Mesh& mesh, const ConvertOptions& o) {
    if (!o.weight_field.empty()) field(mesh, o.weight_field, o.nodal, o.mesh_path);
    if (o.size_field.empty()) return;
    const MeshArray& sizes = field(mesh, o.size_field, o.nodal, o.mesh_path);
    if (sizes.components() != 1)
        throw InputError(o.mesh_path, 0,
                         "size field '" + o.size_field + "' has " +
                             std::to_string(sizes.components()) + " components: expected 1");
}

// Vertex weights and sizes from the checked fields: the listed tuples of cell arrays (the
// top-dimensional cells), or all tuples of point arrays for --nodal.
struct FieldWeights {
    std::vector<Weight> weights, sizes;
    int ncon = 0;
};

FieldWeights read_field_weights(const Mesh& mesh, const ConvertOptions& o,
                                std::span<const CellId> tuples) {
    FieldWeights result;
    if (!o.weight_field.empty()) {
        const MeshArray& array = field(mesh, o.weight_field, o.nodal, o.mesh_path);
        result.weights = field_weights(array, tuples, o.mesh_path);
        result.ncon = array.components();
    }
    if (!o.size_field.empty())
        result.sizes =
            field_weights(field(mesh, o.size_field, o.nodal, o.mesh_path), tuples, o.mesh_path);
    return result;
}

// Writes OUT.xyz beside the graph; the graph is removed if this fails, so the pair appears
// whole or not at all.
std::string write_xyz_beside(const std::string& output,
                             const std::function<void(const std::string&)>& write) {
    const std::string xyz = with_extension(output, ".xyz");
    try {
        write(xyz);
    } catch (...) {
        fs::remove(output);
        throw;
    }
    return xyz;
}

// The nodal graph is built whole (build_nodal_graph), then written with its point coordinates.
nlohmann::json write_nodal_graph(Mesh mesh, FieldWeights fields, const std::string& output) {
    Graph graph = build_nodal_graph(mesh);
    mesh = Mesh{};
    graph.vwgt = std::move(fields.weights);
    graph.ncon = fields.ncon;
    graph.vsize = std::move(fields.sizes);
    nlohmann::json report = {{"output", output},
                             {"graph", "nodal"},
                             {"vertices", graph.num_vertices()},
                             {"edges", graph.num_edges()}};
    formats::write_chaco_graph(output, graph);
    if (!graph.coords.empty())
        report["coordinates"] = write_xyz_beside(
            output, [&](const std::string& xyz) { formats::write_coordinates(xyz, graph.coords); });
    return report;
}

// The dual graph is streamed: its rows are computed twice (once to count the edges for the
// header, once to write them) and never held, and the centroids are computed as they are
// written, so memory stays at the mesh plus its node-to-cell lists.
nlohmann::json write_dual_graph(const Mesh& mesh, const FieldWeights& fields, int ncommon,
                                const std::string& output) {
    const VertexId n = VertexId(mesh.num_cells());
    EdgeOffset edges = 0;
    {
        DualAdjacency adjacency(mesh, ncommon); // its node-to-cell lists go before the centroids
        edges = adjacency.count_entries() / 2;
        formats::write_chaco_graph(
            output, formats::ChacoRows{n, edges, fields.ncon, fields.weights, fields.sizes,
                                       [&](VertexId v) { return adjacency.neighbours(v); }});
    }
    nlohmann::json report = {
        {"output", output}, {"graph", "dual"}, {"vertices", n}, {"edges", edges}};
    if (mesh.dim > 0 && !mesh.points.empty())
        report["coordinates"] = write_xyz_beside(output, [&](const std::string& xyz) {
            formats::write_coordinates(xyz, std::size_t(n), mesh.dim,
                                       [&](std::size_t v, std::span<double> centre) {
                                           cell_centroid(mesh, CellId(v), centre);
                                       });
        });
    return report;
}

// Memory is kept near the mesh's own size: the arrays are dropped once the weights are
// taken, and for the dual graph the mesh is reduced to its top-dimensional cells, so graph
// vertex i is cell i.
nlohmann::json write_graph(Mesh mesh, const ConvertOptions& o, const std::string& output) {
    check_fields(mesh, o);
    const auto unused = [&](const MeshArray& a) {
        return a.name() != o.weight_field && a.name() != o.size_field;
    };
    std::erase_if(mesh.cell_data, unused);
    std::erase_if(mesh.point_data, unused);
    if (o.nodal) {
        FieldWeights fields = read_field_weights(mesh, o, {});
        return write_nodal_graph(std::move(mesh), std::move(fields), output);
    }
    // Weights are taken before the mesh is reduced, so errors name the array's own tuple.
    const FieldWeights fields = read_field_weights(mesh, o, top_dimensional_cells(mesh));
    mesh.cell_data = {};
    mesh.point_data = {};
    keep_top_dimensional_cells(mesh);
    return write_dual_graph(mesh, fields, o.ncommon, output);
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
                 "ParaView. OUT.mesh writes the top-dimensional cells as a METIS mesh file. With "
                 "--partition, -o - writes the .vtu to standard output (the report then goes to "
                 "stderr); a graph (two files) and a --split dataset need file names.");
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
                 "Write one .vtu piece per part and a .pvtu that ParaView opens as one dataset "
                 "(an existing one is replaced all-or-nothing, its stale pieces removed)");
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
        if (o.split) tools::ensure_file_output(common.output, "-o", tools::kPvtuFiles);
        // Standard output, a device or a pipe takes one file: with --partition, the .vtu.
        const bool direct = formats::writes_directly(common.output);
        const std::string ext =
            direct && partition_mode ? ".vtu" : fs::path(common.output).extension().string();
        if (!partition_mode && ext != ".mesh")
            tools::ensure_file_output(common.output, "-o",
                                      "a graph with its coordinates in OUT.xyz, two files");
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
        tools::ensure_output_usable(common.output, inputs);
        if (!partition_mode)
            tools::ensure_output_usable(with_extension(common.output, ".xyz"), inputs);
        if (o.split) tools::ensure_output_usable(with_extension(common.output, ".pvtu"), inputs);

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
        std::ostream& out = tools::report_stream({common.output});
        if (common.json)
            out << report.dump(2) << "\n";
        else if (!common.quiet) {
            out << "Wrote " << report["output"].get<std::string>();
            if (report.contains("vertices"))
                out << ": " << report["graph"].get<std::string>() << " graph, "
                    << report["vertices"] << " vertices, " << report["edges"] << " edges";
            if (report.contains("coordinates"))
                out << "; coordinates in " << report["coordinates"].get<std::string>();
            if (report.contains("parts"))
                out << ": " << report["cells"] << " cells, " << report["parts"] << " parts";
            out << "\n";
        }
    });
}
