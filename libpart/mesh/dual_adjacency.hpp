#pragma once
// The dual graph of a mesh one vertex at a time. build_dual_graph collects the rows into a
// Graph; a writer can stream them instead and never hold the graph (24 MB for a mesh of 1M
// tetrahedra). Both use this class, so there is one way to decide adjacency.
#include <span>
#include <vector>

#include "libpart/core/graph.hpp"
#include "libpart/mesh/mesh.hpp"
#include "libpart/mesh/node_cells.hpp"

namespace part {

// ncommon = 0: cells are adjacent when they share a face, that is all the nodes of a face
// of either cell (an edge for 2D cells, a triangle or quadrilateral for 3D cells).
// ncommon = N > 0: m2gmetis's rule (METIS 5 mesh.c, FindCommonElements): cells sharing at
// least N nodes, or at least all but one node of either cell.
// Neighbours are listed in the order METIS finds them (by node of the cell, then by cell),
// so the graph equals m2gmetis's for the same rule. Holds the node-to-cell lists and one
// marker byte per vertex; a row costs the cells around the row's nodes, with no allocation
// once the reused buffers have grown.
class DualAdjacency {
  public:
    // Graph vertex i is mesh cell cells[i]; `cells` must outlive this object.
    DualAdjacency(const Mesh& mesh, std::span<const CellId> cells, int ncommon);

    VertexId num_vertices() const { return VertexId(cells_.size()); }
    // The neighbours of vertex v; valid until the next call.
    std::span<const VertexId> neighbours(VertexId v);
    // The adjacency entries of the whole graph (twice its edges), by computing every row.
    EdgeOffset count_entries();

  private:
    bool adjacent(std::size_t i, std::size_t j, int overlap) const;
    // The neighbours of vertex i, or only those after i.
    std::span<const VertexId> adjacent_vertices(std::size_t i, bool later_only);

    const Mesh& mesh_;
    std::span<const CellId> cells_;
    int ncommon_;
    NodeCells around_;
    // Thresholds over all cells, so that most candidates (sharing a single node or edge)
    // are rejected without reading the other cell, which would be a cache miss each.
    int min_face_size_ = kMaxFaceNodes;
    int min_nodes_ = kMaxCellNodes;
    bool distinct_nodes_ = true;
    int min_overlap_ = 0;
    std::vector<std::uint8_t> overlap_; // nodes shared with the current cell: at most 8
    std::vector<CellId> candidates_;
    std::vector<VertexId> row_;
};

} // namespace part
