#pragma once
// Arranging processors over the intervals of a one-dimensional ordering (Kaddoura & Ranka
// 1995, 3.1 and 3.4). The ordering lays the vertices on a line; each new part gets one
// contiguous interval whose weight is proportional to its capacity; an arrangement is the
// order of the new parts along the line. Different arrangements keep different amounts of
// data in place: the MinimizeCostRedistribution greedy (Fig. 6-7) searches for a cheap one.
#include <span>
#include <vector>

#include "libpart/core/partition.hpp"

namespace part {

// The vertices along the line with prefix sums of weight (constraint 0) and migration size,
// and the old partition as runs of equal part along the line. Memory O(n).
struct LineLayout {
    std::vector<VertexId> vertex_at;      // vertex at each position
    std::vector<WeightSum> weight_prefix; // n + 1
    std::vector<WeightSum> size_prefix;   // n + 1
    std::vector<VertexId> run_start;      // start of each run of equal old part, then n
    std::vector<PartId> run_part;         // old part of each run
    std::vector<PartId> part_at;          // old part at each position
    // Positions of each old part, ascending: part p's are part_positions[part_start[p] ..
    // part_start[p + 1]); part_size_prefix[part_start[p] + p + i] is the size of its first i.
    std::vector<VertexId> part_start;
    std::vector<VertexId> part_positions;
    std::vector<WeightSum> part_size_prefix;
    PartId old_parts = 0;

    VertexId size() const { return VertexId(vertex_at.size()); }
    // Size of old part p's positions before `at` (0 for a part outside the old ones), by
    // binary search in its positions.
    WeightSum kept_before(PartId p, VertexId at) const;
};

// `position[v]` is the place of vertex v on the line, a permutation of 0..n-1; empty means
// the vertex numbering. Throws InvalidArgument when it is not a permutation.
LineLayout make_line_layout(const Graph& graph, const Partition& old_partition,
                            std::span<const VertexId> position);

// The same layout from the line's profile alone: the weight, migration size and old part of
// the vertex at each position (vertex_at is then the positions themselves). This is all a
// controller needs to decide intervals, without the graph (Kaddoura & Ranka 1995, 3.5).
// Throws InvalidArgument on mismatched lengths or a part outside 0..old_parts-1.
LineLayout make_line_layout(std::span<const Weight> weight_at, std::span<const Weight> size_at,
                            std::span<const PartId> part_at, PartId old_parts);

// What carrying out an arrangement costs: the size that leaves its rank and the number of
// (source, destination) messages. `value` = moved_size + message_cost * messages.
// Messages are counted by walking the old partition's runs along the line, so only when the
// runs are few (at most 8 per part, as after an interval partition) or message_cost > 0;
// otherwise `messages` is -1 and the arrangement is judged by data alone, which keeps each
// evaluation O(parts log n) for any old partition.
struct RedistributionCost {
    WeightSum moved_size = 0;
    WeightSum kept_size = 0;
    std::int64_t messages = 0;
    double value = 0;
};

// Evaluates arrangements of the new parts. targets[q] is new part q's fraction; rank[q] the
// physical rank hosting it (old part p is on rank p). Each evaluation is O(parts log n),
// plus O(runs) when messages are counted.
class ArrangementEvaluator {
  public:
    ArrangementEvaluator(const LineLayout& line, std::vector<double> targets,
                         std::vector<PartId> rank, double message_cost);

    // Start of each interval along the line, then n: parts.size() + 1 positions. A boundary
    // falls at the prefix weight nearest to the cumulative target, so integer blocks come out
    // exact (100 unit vertices at 27% give 27).
    std::vector<VertexId> boundaries(std::span<const PartId> arrangement) const;

    // Boundaries that keep more data in place when some imbalance is allowed: sweeping along
    // the line, each boundary goes where the two parts beside it keep the most old data,
    // within the window where its interval weighs at most (1 + tolerance) * its target and
    // the rest of the line still fits the remaining parts. Each window is scanned once, so
    // O(n) in all. With tolerance 0 this is boundaries().
    std::vector<VertexId> relaxed_boundaries(std::span<const PartId> arrangement,
                                             double tolerance) const;

    RedistributionCost cost(std::span<const PartId> arrangement) const;
    RedistributionCost cost(std::span<const PartId> arrangement,
                            std::span<const VertexId> bounds) const;
    PartId num_parts() const { return PartId(targets_.size()); }

  private:
    std::int64_t count_messages(std::span<const PartId> arrangement,
                                std::span<const VertexId> bounds) const;

    const LineLayout& line_;
    std::vector<double> targets_;
    std::vector<PartId> rank_;
    double message_cost_;
    bool count_messages_;
    mutable std::vector<std::int64_t> seen_; // scratch: last interval each old part was seen in
};

// Lexicographic: lower value, then fewer messages.
bool cheaper(const RedistributionCost& a, const RedistributionCost& b);

// The order of parts whose ranks' old data lie earliest on the line first (by mean position);
// parts on ranks that held nothing go last. The "original arrangement" of the paper.
std::vector<PartId> initial_arrangement(const LineLayout& line, std::span<const PartId> rank);

// Kaddoura & Ranka's MinimizeCostRedistribution (Fig. 6): for each part of `initial` in turn,
// try every position (MOVE, Fig. 7) and keep the cheapest. O(p^2) evaluations. Unlike the
// printed pseudocode, the best position is reset for each part and includes its current
// place, so no step makes the arrangement worse.
std::vector<PartId> minimize_cost_redistribution(const ArrangementEvaluator& evaluator,
                                                 std::vector<PartId> initial);

// The cheapest of all p! arrangements; for checking the greedy. Throws InvalidArgument when
// p > 8.
std::vector<PartId> exhaustive_arrangement(const ArrangementEvaluator& evaluator);

// MOVE(LIST, C, L) of Fig. 7: moves element c to index `to`, shifting the ones between.
void move_in_arrangement(std::vector<PartId>& arrangement, PartId c, std::size_t to);

} // namespace part
