#include "libpart/mesh/dual_adjacency.hpp"

#include <omp.h>

#include <algorithm>

namespace part {

namespace {

// Rows found at once: enough to share among the threads, few enough to stay in cache.
constexpr VertexId kBlockRows = 1 << 14;

bool holds_node(std::span<const PointId> nodes, PointId p) {
    return std::find(nodes.begin(), nodes.end(), p) != nodes.end();
}

// True when the nodes of `a` at the local indices `face` are all nodes of `b`.
template <typename Index>
bool holds_face(std::span<const PointId> a, std::span<const Index> face,
                std::span<const PointId> b) {
    return std::all_of(face.begin(), face.end(), [&](Index k) { return holds_node(b, a[k]); });
}

// True when all the nodes of some face of cell `c` are nodes of cell `b`.
bool holds_a_face_of(const Mesh& mesh, CellId c, std::span<const PointId> b) {
    const auto a = mesh.corners(c);
    bool found = false;
    for_each_cell_face(mesh, c, [&](std::span<const std::int32_t> face) {
        found = found || holds_face(a, face, b);
    });
    return found;
}

bool is_simplex(CellType t) {
    return t == CellType::Line || t == CellType::Triangle || t == CellType::Tetrahedron;
}

bool has_distinct_nodes(std::span<const PointId> nodes) {
    for (std::size_t a = 0; a < nodes.size(); ++a)
        for (std::size_t b = a + 1; b < nodes.size(); ++b)
            if (nodes[a] == nodes[b]) return false;
    return true;
}

} // namespace

DualAdjacency::DualAdjacency(const Mesh& mesh, std::span<const CellId> cells, int ncommon)
    : mesh_(mesh), cells_(cells), ncommon_(ncommon) {
    if (ncommon < 0) throw InvalidArgument("ncommon must be positive (or 0 for face adjacency)");
    if (cells.size() > std::size_t(INT32_MAX - 1))
        throw InvalidArgument("too many cells for 32-bit vertex ids");
    around_ = node_to_cells(mesh, cells, CellNodes::Corners);
    for (CellId c : cells) {
        const CellShape& shape = cell_shape(mesh.cell_types[c]);
        min_face_size_ = std::min(min_face_size_, shape.min_face_size);
        min_nodes_ = std::min(min_nodes_, int(mesh.corners(c).size()));
        distinct_nodes_ = distinct_nodes_ && has_distinct_nodes(mesh.corners(c));
    }
    // Below this many shared nodes no rule can make two cells adjacent (see adjacent()).
    min_overlap_ = ncommon > 0 ? std::min(ncommon, min_nodes_ - 1) : min_face_size_;
}

std::vector<DualAdjacency::Scratch>& DualAdjacency::scratch() {
    if (scratch_.empty()) {
        scratch_.resize(std::size_t(omp_get_max_threads()));
        for (Scratch& s : scratch_) s.overlap.assign(cells_.size(), 0);
    }
    return scratch_;
}

bool DualAdjacency::adjacent(std::size_t i, std::size_t j, int overlap) const {
    const auto ni = mesh_.corners(cells_[i]);
    if (ncommon_ > 0) { // METIS 5 mesh.c, FindCommonElements
        if (overlap >= ncommon_ || overlap >= int(ni.size()) - 1) return true;
        return overlap >= min_nodes_ - 1 && overlap >= int(mesh_.corners(cells_[j]).size()) - 1;
    }
    if (overlap < min_face_size_) return false;
    // Any dimension-many nodes of a simplex (triangle, tetrahedron) form one of its faces,
    // so a simplex sharing that many nodes shares a face without a look at the other
    // cell; that look would be a cache miss per face neighbour. Overlaps count node
    // occurrences, so this needs cells without repeated nodes.
    const CellType ti = mesh_.cell_types[cells_[i]];
    if (distinct_nodes_ && is_simplex(ti) && overlap >= int(ni.size()) - 1) return true;
    const auto nj = mesh_.corners(cells_[j]);
    const CellShape &si = cell_shape(ti), &sj = cell_shape(mesh_.cell_types[cells_[j]]);
    if (overlap < si.min_face_size && overlap < sj.min_face_size) return false;
    return holds_a_face_of(mesh_, cells_[i], nj) || holds_a_face_of(mesh_, cells_[j], ni);
}

std::span<const VertexId> DualAdjacency::neighbours(VertexId v) {
    const VertexId rows = VertexId(block_xadj_.size()) - 1;
    if (v < block_first_ || v >= block_first_ + rows) find_block(v);
    const std::size_t i = std::size_t(v - block_first_);
    return {block_adjncy_.data() + block_xadj_[i],
            std::size_t(block_xadj_[i + 1] - block_xadj_[i])};
}

void DualAdjacency::find_block(VertexId first) {
    std::vector<Scratch>& per_thread = scratch();
    const int threads = int(per_thread.size());
    const VertexId last = std::min(num_vertices(), first + kBlockRows);
    thread_rows_.resize(std::size_t(threads));
    thread_ends_.resize(std::size_t(threads));
#pragma omp parallel num_threads(threads)
    {
        const int t = omp_get_thread_num();
        std::vector<VertexId>& rows = thread_rows_[std::size_t(t)];
        std::vector<EdgeOffset>& ends = thread_ends_[std::size_t(t)];
        rows.clear();
        ends.clear();
        const VertexId count = last - first;
        for (VertexId v = first + VertexId(std::int64_t(count) * t / threads);
             v < first + VertexId(std::int64_t(count) * (t + 1) / threads); ++v) {
            append_row(std::size_t(v), false, per_thread[std::size_t(t)], rows);
            ends.push_back(EdgeOffset(rows.size()));
        }
    }
    block_first_ = first;
    block_xadj_.assign(1, 0);
    block_adjncy_.clear();
    for (int t = 0; t < threads; ++t) {
        for (const EdgeOffset end : thread_ends_[std::size_t(t)])
            block_xadj_.push_back(EdgeOffset(block_adjncy_.size()) + end);
        block_adjncy_.insert(block_adjncy_.end(), thread_rows_[std::size_t(t)].begin(),
                             thread_rows_[std::size_t(t)].end());
    }
}

EdgeOffset DualAdjacency::count_entries() {
    // Adjacency is symmetric, so each edge is counted once, from its lower end: walking only
    // the later part of each (ascending) node-to-cell list halves the work of this pass.
    std::vector<Scratch>& per_thread = scratch();
    const auto n = std::int64_t(cells_.size());
    EdgeOffset edges = 0;
#pragma omp parallel num_threads(int(per_thread.size())) reduction(+ : edges)
    {
        Scratch& mine = per_thread[std::size_t(omp_get_thread_num())];
        std::vector<VertexId> row;
#pragma omp for schedule(dynamic, 4096)
        for (std::int64_t v = 0; v < n; ++v) {
            row.clear();
            append_row(std::size_t(v), true, mine, row);
            edges += EdgeOffset(row.size());
        }
    }
    return 2 * edges;
}

void DualAdjacency::append_row(std::size_t i, bool later_only, Scratch& scratch,
                               std::vector<VertexId>& row) const {
    std::vector<std::uint8_t>& overlap = scratch.overlap;
    std::vector<CellId>& candidates = scratch.candidates;
    candidates.clear();
    for (PointId p : mesh_.corners(cells_[i])) {
        const std::span<const CellId> around = around_.of(p);
        const auto first =
            later_only ? std::upper_bound(around.begin(), around.end(), CellId(i)) : around.begin();
        for (auto j = first; j != around.end(); ++j)
            if (overlap[*j]++ == 0 && std::size_t(*j) != i) candidates.push_back(*j);
    }
    overlap[i] = 0;
    for (CellId j : candidates) {
        // Most candidates share a node or an edge only: rejected here without a call.
        if (overlap[j] >= min_overlap_ && adjacent(i, std::size_t(j), overlap[j])) row.push_back(j);
        overlap[j] = 0;
    }
}

} // namespace part
