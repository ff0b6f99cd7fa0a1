#pragma once
// The workload adjuster (Xu, Lau & Diekmann 1997, Sections 3.2 and 6.2): moves vertices
// across sub-domain borders so that each part sends what the decision maker decided.
#include <memory>
#include <vector>

#include "libpart/core/partition.hpp"
#include "libpart/gde/flow_routing.hpp"

namespace part::gde {

struct Transfer {
    PartId from = -1, to = -1;
    WeightSum requested = 0;    // the flow
    WeightSum moved_weight = 0; // equals requested unless vertex weights or borders prevent it
    VertexId moved_vertices = 0;
};

// For each positive flow from -> to of `outflow` (per entry of `quotient`, the quotient graph
// of `part` before any move), parts taken in `order` (a DAG order of the flows, so that a
// part forwards load only after receiving it), moves vertices of total weight at most the
// flow from `from` to `to`. It takes vertices of `from` adjacent to `to` with the highest
// gain (edge-weighted cut reduction, Section 6.2), updating gains as vertices move (a heap
// with one entry per vertex); equal gains go to the vertex nearest the receiver's centroid when
// the graph has coordinates, else to the one queued first (the border before the layer
// behind it). A vertex heavier than what is left to send, or whose move would split its
// part locally, is skipped. A part serves its shortest borders (quotient edge weight)
// first. Constraint 0 is the load. O(sum of degrees x log n) per part.
// `direct` flows (between parts no border joins) are served last, once every part has
// received its inflows; when `from` has no vertex next to `to`, the move starts at the
// border of `from` and grows a region for `to` from there.
// `heaviest_first`: candidates are ranked by vertex weight before gain, so that a flow is
// carried by as few vertices as possible (a repartitioning pays per vertex moved, the flow
// is in weight); the gain still decides among equally heavy ones. A departure from Section
// 6.2, which ranks by gain alone; off, the adjuster follows the paper.
std::vector<Transfer> adjust_workload(const Graph& graph, std::vector<PartId>& part,
                                      PartId num_parts, const Graph& quotient,
                                      const std::vector<WeightSum>& outflow,
                                      const std::vector<PartId>& order,
                                      const std::vector<PartFlow>& direct = {},
                                      bool heaviest_first = false);

// The same adjuster kept over several rounds of GDE refinement: each call of adjust() moves
// exactly what adjust_workload would move on the partition as it is then, but the border
// lists, part weights and work arrays of one round carry over to the next instead of being
// rebuilt from every vertex and edge of the graph. `part` must change only through the
// adjuster while it lives. `border`: a mark per vertex, set at least for every vertex with a
// neighbour in another part (as quotient_graph finds them; other marks cost a look, not a
// different move: only vertices next to the receiver are seeded), or empty to have the
// adjuster find them.
class WorkloadAdjuster {
  public:
    WorkloadAdjuster(const Graph& graph, std::vector<PartId>& part, PartId num_parts,
                     bool heaviest_first = false, std::vector<char> border = {});
    ~WorkloadAdjuster();
    WorkloadAdjuster(const WorkloadAdjuster&) = delete;
    WorkloadAdjuster& operator=(const WorkloadAdjuster&) = delete;

    // One round, as adjust_workload on the current partition.
    std::vector<Transfer> adjust(const Graph& quotient, const std::vector<WeightSum>& outflow,
                                 const std::vector<PartId>& order,
                                 const std::vector<PartFlow>& direct = {});

    // Constraint-0 weight of each part of the current partition.
    const std::vector<WeightSum>& part_weights() const;
    // The vertices the last round moved, each once, in the order of their first move (some
    // may be back home).
    const std::vector<VertexId>& moved() const;

  private:
    class State;
    std::unique_ptr<State> state_;
};

} // namespace part::gde
