#pragma once
// A cheap local test of whether taking a vertex out of its part would split the part: its
// neighbours in the part must still reach each other without it, through a bounded search
// (grown from all of them at once).
#include <cstdint>
#include <vector>

#include "libpart/core/partition.hpp"

namespace part::gde {

class LocalConnectivity {
  public:
    // `budget` bounds the vertices one test may visit; a test that runs out answers "would
    // disconnect", which keeps parts connected at the price of skipping a few safe moves.
    explicit LocalConnectivity(const Graph& graph, int budget = 256);

    // True when v's neighbours in part[v] (if two or more) cannot be shown connected
    // within part[v] \ {v}.
    bool would_disconnect(const std::vector<PartId>& part, VertexId v);

  private:
    const Graph& graph_;
    int budget_;
    std::vector<std::uint32_t> mark_; // label + base of the current test (see the .cpp)
    std::vector<VertexId> queue_;
    std::vector<VertexId> label_; // union-find over the labels of one test
    std::uint32_t stamp_ = 0;
};

} // namespace part::gde
