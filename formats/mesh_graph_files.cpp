#include "formats/mesh_graph_files.hpp"

#include <algorithm>
#include <filesystem>
#include <functional>

#include "formats/chaco_graph.hpp"
#include "formats/coordinates_file.hpp"
#include "libpart/mesh/dual_adjacency.hpp"
#include "libpart/mesh/mesh_graph.hpp"
#include "libpart/mesh/mesh_weights.hpp"

namespace part::formats {

namespace {

namespace fs = std::filesystem;

// The fields' weights, errors naming the mesh file. Arrays the fields do not name are dropped
// first, to save memory, once it is checked that the named ones exist (the error lists them all).
FieldWeights take_field_weights(Mesh& mesh, const std::string& mesh_path,
                                const MeshGraphRequest& request, std::span<const CellId> tuples) {
    const WeightFields fields{request.weight_field, request.size_field, request.nodal,
                              request.weight_scale};
    try {
        check_weight_fields(mesh, fields);
        const auto unused = [&](const MeshArray& a) {
            return a.name() != fields.weights && a.name() != fields.sizes;
        };
        std::erase_if(mesh.cell_data, unused);
        std::erase_if(mesh.point_data, unused);
        return read_weight_fields(mesh, fields, tuples);
    } catch (const InvalidArgument& e) {
        throw InputError(mesh_path, 0, e.what());
    }
}

// Writes the coordinates beside the graph; the graph is removed if this fails, so the pair
// appears whole or not at all.
std::string write_coordinates_beside(const std::string& graph,
                                     const std::function<void(const std::string&)>& write) {
    const std::string xyz = coordinates_beside(graph);
    try {
        write(xyz);
    } catch (...) {
        fs::remove(graph);
        throw;
    }
    return xyz;
}

// The nodal graph is built whole (build_nodal_graph), then written with its point coordinates.
WrittenMeshGraph write_nodal_graph(Mesh mesh, FieldWeights fields, const std::string& output) {
    Graph graph = build_nodal_graph(mesh);
    mesh = Mesh{};
    graph.vwgt = std::move(fields.weights);
    graph.ncon = fields.ncon;
    graph.vsize = std::move(fields.sizes);
    WrittenMeshGraph written{output, "", true, graph.num_vertices(), graph.num_edges()};
    write_chaco_graph(output, graph);
    if (!graph.coords.empty())
        written.coordinates = write_coordinates_beside(
            output, [&](const std::string& xyz) { write_coordinates(xyz, graph.coords); });
    return written;
}

// The dual graph of a mesh of top-dimensional cells only is streamed: its rows are computed
// twice (once to count the edges for the header, once to write them) and never held, and the
// centroids are computed as they are written, so memory stays at the mesh plus its
// node-to-cell lists.
WrittenMeshGraph write_dual_graph(const Mesh& mesh, const FieldWeights& fields, int ncommon,
                                  const std::string& output) {
    WrittenMeshGraph written{output, "", false, VertexId(mesh.num_cells()), 0};
    {
        const std::vector<CellId> cells = all_cells(mesh);
        DualAdjacency adjacency(mesh, cells,
                                ncommon); // its node-to-cell lists go before the centroids
        written.edges = adjacency.count_entries() / 2;
        write_chaco_graph(output, ChacoRows{written.vertices, written.edges, fields.ncon,
                                            fields.weights, fields.sizes,
                                            [&](VertexId v) { return adjacency.neighbours(v); }});
    }
    if (mesh.dim > 0 && !mesh.points.empty())
        written.coordinates = write_coordinates_beside(output, [&](const std::string& xyz) {
            write_coordinates(xyz, std::size_t(written.vertices), mesh.dim,
                              [&](std::size_t v, std::span<double> centre) {
                                  cell_centroid(mesh, CellId(v), centre);
                              });
        });
    return written;
}

} // namespace

std::string coordinates_beside(const std::string& graph_path) {
    return fs::path(graph_path).replace_extension(".xyz").string();
}

WrittenMeshGraph write_mesh_graph(Mesh mesh, const std::string& mesh_path,
                                  const MeshGraphRequest& request, const std::string& output) {
    if (request.nodal) {
        FieldWeights fields = take_field_weights(mesh, mesh_path, request, {});
        return write_nodal_graph(std::move(mesh), std::move(fields), output);
    }
    // The weights are taken before the mesh is reduced to its top-dimensional cells (graph
    // vertex i then is cell i), so errors name the array's own tuple.
    const FieldWeights fields =
        take_field_weights(mesh, mesh_path, request, top_dimensional_cells(mesh));
    mesh.cell_data = {};
    mesh.point_data = {};
    keep_top_dimensional_cells(mesh);
    return write_dual_graph(mesh, fields, request.ncommon, output);
}

} // namespace part::formats
