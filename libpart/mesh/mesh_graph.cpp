#include "libpart/mesh/mesh_graph.hpp"

#include <algorithm>

#include "libpart/mesh/node_cells.hpp"

namespace part {

namespace {

bool holds_node(std::span<const PointId> nodes, PointId p) {
    return std::find(nodes.begin(), nodes.end(), p) != nodes.end();
}

// True when all the nodes of some face of cell `a` are nodes of cell `b`.
bool holds_a_face_of(std::span<const PointId> a, const CellShape& shape,
                     std::span<const PointId> b) {
    for (int f = 0; f < shape.num_faces; ++f) {
        bool all = true;
        for (int k = 0; k < shape.face_size[f] && all; ++k)
            all = holds_node(b, a[shape.face_nodes[f][k]]);
        if (all) return true;
    }
    return false;
}

// Decides adjacency from the number of nodes two cells share. The thresholds over all
// cells let most candidates (those sharing a single node or edge) be rejected without
// touching the other cell's data, which would be a cache miss per candidate.
class AdjacencyRule {
  public:
    AdjacencyRule(const Mesh& mesh, std::span<const CellId> cells, int ncommon)
        : mesh_(mesh), cells_(cells), ncommon_(ncommon) {
        for (CellId c : cells) {
            const CellShape& shape = cell_shape(mesh.cell_types[c]);
            min_face_size_ = std::min(min_face_size_, shape.min_face_size);
            min_nodes_ = std::min(min_nodes_, int(mesh.cell(c).size()));
            distinct_nodes_ = distinct_nodes_ && has_distinct_nodes(mesh.cell(c));
        }
    }

    bool adjacent(std::size_t i, std::size_t j, int overlap) const {
        const auto ni = mesh_.cell(cells_[i]);
        if (ncommon_ > 0) { // METIS 5 mesh.c, FindCommonElements
            if (overlap >= ncommon_ || overlap >= int(ni.size()) - 1) return true;
            return overlap >= min_nodes_ - 1 && overlap >= int(mesh_.cell(cells_[j]).size()) - 1;
        }
        if (overlap < min_face_size_) return false;
        // Any dimension-many nodes of a simplex (triangle, tetrahedron) form one of its faces,
        // so a simplex sharing that many nodes shares a face without a look at the other
        // cell; that look would be a cache miss per face neighbour. Overlaps count node
        // occurrences, so this needs cells without repeated nodes.
        const CellType ti = mesh_.cell_types[cells_[i]];
        if (distinct_nodes_ && is_simplex(ti) && overlap >= int(ni.size()) - 1) return true;
        const auto nj = mesh_.cell(cells_[j]);
        const CellShape &si = cell_shape(ti), &sj = cell_shape(mesh_.cell_types[cells_[j]]);
        if (overlap < si.min_face_size && overlap < sj.min_face_size) return false;
        return holds_a_face_of(ni, si, nj) || holds_a_face_of(nj, sj, ni);
    }

  private:
    const Mesh& mesh_;
    std::span<const CellId> cells_;
    int ncommon_;
    int min_face_size_ = kMaxFaceNodes;
    int min_nodes_ = kMaxCellNodes;
    bool distinct_nodes_ = true;

    static bool is_simplex(CellType t) {
        return t == CellType::Line || t == CellType::Triangle || t == CellType::Tetrahedron;
    }
    static bool has_distinct_nodes(std::span<const PointId> nodes) {
        for (std::size_t a = 0; a < nodes.size(); ++a)
            for (std::size_t b = a + 1; b < nodes.size(); ++b)
                if (nodes[a] == nodes[b]) return false;
        return true;
    }
};

std::size_t total_faces(const Mesh& mesh, std::span<const CellId> cells) {
    std::size_t faces = 0;
    for (CellId c : cells) faces += std::size_t(cell_shape(mesh.cell_types[c]).num_faces);
    return faces;
}

} // namespace

DualGraph build_dual_graph(const Mesh& mesh, int ncommon, bool with_centroids) {
    if (ncommon < 0) throw InvalidArgument("ncommon must be positive (or 0 for face adjacency)");
    DualGraph result;
    result.cells = top_dimensional_cells(mesh);
    const std::span<const CellId> cells = result.cells;
    const std::size_t n = cells.size();
    if (n > std::size_t(INT32_MAX - 1))
        throw InvalidArgument("too many cells for 32-bit vertex ids");
    Graph& graph = result.graph;
    {
        const NodeCells around = node_to_cells(mesh, cells);
        const AdjacencyRule rule{mesh, cells, ncommon};
        std::vector<std::uint8_t> overlap(
            n, 0);                      // nodes shared with the current cell: at most 8, so a byte
        std::vector<CellId> candidates; // reused for every cell
        graph.xadj.assign(n + 1, 0);
        // A conforming mesh gives each face at most one neighbour, so this is usually exact.
        graph.adjncy.reserve(total_faces(mesh, cells));
        for (std::size_t i = 0; i < n; ++i) {
            candidates.clear();
            for (PointId p : mesh.cell(cells[i]))
                for (CellId j : around.of(p)) {
                    if (overlap[j]++ == 0 && std::size_t(j) != i) candidates.push_back(j);
                }
            overlap[i] = 0;
            for (CellId j : candidates) {
                if (rule.adjacent(i, std::size_t(j), overlap[j])) graph.adjncy.push_back(j);
                overlap[j] = 0;
            }
            graph.xadj[i + 1] = EdgeOffset(graph.adjncy.size());
        }
    }
    if (with_centroids) graph.coords = cell_centroids(mesh, cells);
    return result;
}

Graph build_nodal_graph(const Mesh& mesh) {
    const std::vector<CellId> cells = top_dimensional_cells(mesh);
    const NodeCells around = node_to_cells(mesh, cells);
    const std::size_t n = std::size_t(mesh.num_points());
    Graph graph;
    graph.xadj.assign(n + 1, 0);
    std::vector<unsigned char> seen(n, 0);
    std::vector<PointId> neighbours;
    for (std::size_t p = 0; p < n; ++p) {
        neighbours.clear();
        seen[p] = 1;
        for (CellId c : around.of(PointId(p)))
            for (PointId q : mesh.cell(cells[c]))
                if (!seen[q]) {
                    seen[q] = 1;
                    neighbours.push_back(q);
                }
        seen[p] = 0;
        for (PointId q : neighbours) seen[q] = 0;
        graph.adjncy.insert(graph.adjncy.end(), neighbours.begin(), neighbours.end());
        graph.xadj[p + 1] = EdgeOffset(graph.adjncy.size());
    }
    if (mesh.dim > 0) graph.coords = Coordinates{mesh.dim, mesh.points};
    return graph;
}

Coordinates cell_centroids(const Mesh& mesh, std::span<const CellId> cells) {
    Coordinates coords;
    if (mesh.dim == 0 || mesh.points.empty()) return coords;
    coords.dim = mesh.dim;
    coords.values.assign(cells.size() * std::size_t(mesh.dim), 0.0);
    for (std::size_t i = 0; i < cells.size(); ++i) {
        const auto nodes = mesh.cell(cells[i]);
        double* centre = coords.values.data() + i * std::size_t(mesh.dim);
        for (PointId p : nodes)
            for (int a = 0; a < mesh.dim; ++a)
                centre[a] += mesh.points[std::size_t(p) * std::size_t(mesh.dim) + a];
        for (int a = 0; a < mesh.dim; ++a) centre[a] /= double(nodes.size());
    }
    return coords;
}

} // namespace part
