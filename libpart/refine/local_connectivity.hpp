#pragma once
// A cheap local test of whether taking a vertex out of its part would split the part: its
// neighbours in the part must still reach each other without it, through a bounded search
// (grown from all of them at once).
#include <cstdint>
#include <vector>

#include "libpart/core/partition.hpp"

namespace part::refine {

class LocalConnectivity {
  public:
    // `budget` bounds the vertices one test may visit; a test that runs out answers "would
    // disconnect", which keeps parts connected at the price of skipping a few safe moves.
    explicit LocalConnectivity(const Graph& graph, int budget = 256);

    // True when v's neighbours in part[v] (if two or more) cannot be shown connected
    // within part[v] \ {v}.
    bool would_disconnect(const std::vector<PartId>& part, VertexId v);

  private:
    // Starts a test from a vertex of this degree: fresh marks, arrays large enough for it.
    void start_test(VertexId degree);
    // The search's first vertices: v's neighbours in its part, one label each.
    VertexId label_neighbours(const PartId* part, VertexId v, std::uint32_t skip);

    const Graph& graph_;
    int budget_;
    std::vector<std::uint32_t> mark_; // v, or the label of a vertex reached (see the .cpp)
    std::vector<VertexId> queue_;     // the search's vertices in the order reached
    std::vector<VertexId> root_;      // union-find over the labels of one test
    std::vector<VertexId> pending_;   // per root label: its vertices queued, not yet scanned
    std::uint32_t stamp_ = 0;         // the highest mark used so far
};

} // namespace part::refine
