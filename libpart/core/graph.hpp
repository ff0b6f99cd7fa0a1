#pragma once
// The graph every algorithm works on: CSR adjacency with 64-bit edge offsets and 32-bit
// vertex ids, 0-based, with the optional METIS attributes (multi-constraint vertex weights,
// migration sizes, edge weights) and optional coordinates.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "libpart/core/error.hpp"

namespace part {

using VertexId = std::int32_t;
using EdgeOffset = std::int64_t;
using Weight = std::int32_t;    // one stored weight, as METIS's 32-bit idx_t
using WeightSum = std::int64_t; // sums of weights never overflow

// Point coordinates, one row of `dim` values per vertex (dim is 0 when absent, else 2 or 3).
struct Coordinates {
    int dim = 0;
    std::vector<double> values; // n * dim, row-major

    bool empty() const { return dim == 0; }
    double at(VertexId v, int axis) const { return values[std::size_t(v) * dim + axis]; }
};

struct Graph {
    std::vector<EdgeOffset> xadj{0}; // n + 1 offsets into adjncy
    std::vector<VertexId> adjncy;    // both directions of every edge
    int ncon = 0;                    // constraints in vwgt; 0 means unit weights
    std::vector<Weight> vwgt;        // n * ncon, row-major, or empty
    std::vector<Weight> vsize;       // migration size per vertex, or empty for 1
    std::vector<Weight> adjwgt;      // weight per adjncy entry, or empty for 1
    Coordinates coords;

    VertexId num_vertices() const { return VertexId(xadj.size() - 1); }
    // Undirected edges: each is stored twice.
    EdgeOffset num_edges() const { return EdgeOffset(adjncy.size() / 2); }
    int num_constraints() const { return ncon > 0 ? ncon : 1; }
    bool has_vertex_weights() const { return !vwgt.empty(); }
    bool has_vertex_sizes() const { return !vsize.empty(); }
    bool has_edge_weights() const { return !adjwgt.empty(); }

    std::span<const VertexId> neighbours(VertexId v) const {
        return {adjncy.data() + xadj[v], std::size_t(xadj[v + 1] - xadj[v])};
    }
    VertexId degree(VertexId v) const { return VertexId(xadj[v + 1] - xadj[v]); }
    Weight vertex_weight(VertexId v, int constraint = 0) const {
        return vwgt.empty() ? 1 : vwgt[std::size_t(v) * ncon + constraint];
    }
    Weight vertex_size(VertexId v) const { return vsize.empty() ? 1 : vsize[v]; }
    Weight edge_weight(EdgeOffset e) const { return adjwgt.empty() ? 1 : adjwgt[e]; }

    // Total vertex weight per constraint.
    std::vector<WeightSum> total_vertex_weight() const;
};

// What validate() found wrong with a graph.
class GraphError : public Error {
  public:
    enum class Kind {
        BadOffsets,
        IdOutOfRange,
        SelfLoop,
        DuplicateEdge,
        AsymmetricEdge,
        AsymmetricEdgeWeight,
        NegativeWeight,
        BadAttributeSize,
    };
    GraphError(Kind kind, VertexId vertex, VertexId other, const std::string& message)
        : Error(message), kind_(kind), vertex_(vertex), other_(other) {}
    Kind kind() const { return kind_; }
    // 0-based vertex whose adjacency holds the problem, and the neighbour involved (or -1).
    VertexId vertex() const { return vertex_; }
    VertexId other() const { return other_; }

  private:
    Kind kind_;
    VertexId vertex_;
    VertexId other_;
};

// Throws GraphError describing the first problem: offsets, ids out of range, self loops,
// duplicate edges, asymmetric edges or edge weights, negative weights. O(n + m).
// Messages name vertices 1-based, as users see them in files.
void validate(const Graph& graph);

} // namespace part
