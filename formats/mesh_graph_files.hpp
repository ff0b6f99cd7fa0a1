#pragma once
// A mesh's graph written for the partitioners (part-convert): the dual graph (one vertex per
// top-dimensional cell) or the nodal graph (one per point) as a Chaco/METIS graph file, its
// vertex weights and sizes taken from mesh arrays, and its coordinates (cell centroids or
// points) beside it in OUT.xyz.
#include <string>

#include "libpart/core/graph.hpp"
#include "libpart/mesh/mesh.hpp"

namespace part::formats {

struct MeshGraphRequest {
    bool nodal = false; // the graph of points sharing a cell instead of the dual graph
    int ncommon = 0;    // dual graph: adjacent when sharing N nodes (m2gmetis); 0: a face
    std::string weight_field, size_field; // cell arrays (point arrays when nodal); empty: none
    double weight_scale = 0; // > 0: the fields' values times this, rounded (mesh_weights.hpp)
};

// What write_mesh_graph wrote.
struct WrittenMeshGraph {
    std::string graph;
    std::string coordinates; // empty when the mesh has no coordinates
    bool nodal = false;
    VertexId vertices = 0;
    EdgeOffset edges = 0;
};

// Where the coordinates of the graph at `graph_path` go: its extension replaced by .xyz.
std::string coordinates_beside(const std::string& graph_path);

// Writes the graph to `output` and its coordinates to coordinates_beside(output), both or
// neither: the graph is removed if its coordinates cannot be written. A missing field, a size
// field of several components or a bad weight is an InputError naming `mesh_path`. Memory stays
// near the mesh's own size: the mesh is taken by value and its arrays dropped once the weights
// are read, and the dual graph is streamed, never held whole.
WrittenMeshGraph write_mesh_graph(Mesh mesh, const std::string& mesh_path,
                                  const MeshGraphRequest& request, const std::string& output);

} // namespace part::formats
