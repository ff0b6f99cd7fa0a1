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
// of either cell (an edge for 2D cells, a triangle or quadrilateral for 3D cells, any face a
// polyhedron lists).
// ncommon = N > 0: m2gmetis's rule (METIS 5 mesh.c, FindCommonElements): cells sharing at
// least N nodes, or at least all but one node of either cell.
// Neighbours are listed in the order METIS finds them (by node of the cell, then by cell),
// so the graph equals m2gmetis's for the same rule. Holds the node-to-cell lists and one
// marker byte per vertex and thread; a row costs the cells around the row's nodes, with no
// allocation once the reused buffers have grown. Rows do not depend on the thread count.
class DualAdjacency {
  public:
    // Graph vertex i is mesh cell cells[i]; `cells` must outlive this object.
    DualAdjacency(const Mesh& mesh, std::span<const CellId> cells, int ncommon);

    VertexId num_vertices() const { return VertexId(cells_.size()); }
    // The neighbours of vertex v; valid until the next call. Rows are found a block at a time
    // on all threads, so asking for them in order costs the least.
    std::span<const VertexId> neighbours(VertexId v);
    // The adjacency entries of the whole graph (twice its edges), by computing every row.
    EdgeOffset count_entries();

  private:
    // One thread's markers: the nodes each cell shares with the current one (at most
    // kMaxPolyhedronNodes, so a byte), and the cells met so far.
    struct Scratch {
        std::vector<std::uint8_t> overlap;
        std::vector<CellId> candidates;
    };
    // Markers for each thread, sized for the graph.
    std::vector<Scratch>& scratch();
    bool adjacent(std::size_t i, std::size_t j, int overlap) const;
    // Appends the neighbours of vertex i, or only those after i, to `row`.
    void append_row(std::size_t i, bool later_only, Scratch& scratch,
                    std::vector<VertexId>& row) const;
    // The rows of the block of vertices from `first` on, into block_xadj_ and block_adjncy_.
    void find_block(VertexId first);

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
    std::vector<Scratch> scratch_;
    VertexId block_first_ = 0;
    std::vector<EdgeOffset> block_xadj_{0}; // rows block_first_.. as CSR
    std::vector<VertexId> block_adjncy_;
    std::vector<std::vector<VertexId>> thread_rows_; // each thread's part of the block
    std::vector<std::vector<EdgeOffset>> thread_ends_;
};

} // namespace part
