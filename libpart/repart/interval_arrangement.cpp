#include "libpart/repart/interval_arrangement.hpp"

#include <algorithm>
#include <numeric>
#include <string>

namespace part {

namespace {

// Runs of equal old part along the line and the positions of each old part with their size
// prefix sums, from part_at and size_prefix.
void index_old_parts(LineLayout& line) {
    const VertexId n = line.size();
    for (VertexId i = 0; i < n; ++i) {
        const PartId p = line.part_at[i];
        if (line.run_part.empty() || line.run_part.back() != p) {
            line.run_start.push_back(i);
            line.run_part.push_back(p);
        }
    }
    line.run_start.push_back(n);
    // Positions grouped by old part (counting sort keeps them ascending).
    line.part_start.assign(std::size_t(line.old_parts) + 1, 0);
    for (PartId p : line.part_at) ++line.part_start[p + 1];
    for (PartId p = 0; p < line.old_parts; ++p) line.part_start[p + 1] += line.part_start[p];
    line.part_positions.resize(std::size_t(n));
    std::vector<VertexId> next(line.part_start.begin(), line.part_start.end() - 1);
    for (VertexId i = 0; i < n; ++i) line.part_positions[next[line.part_at[i]]++] = i;
    line.part_size_prefix.assign(std::size_t(n) + std::size_t(line.old_parts), 0);
    for (PartId p = 0; p < line.old_parts; ++p)
        for (VertexId k = line.part_start[p]; k < line.part_start[p + 1]; ++k) {
            const VertexId at = line.part_positions[k];
            const std::size_t i = std::size_t(k) + std::size_t(p); // part p's prefix k - start
            line.part_size_prefix[i + 1] =
                line.part_size_prefix[i] + line.size_prefix[at + 1] - line.size_prefix[at];
        }
}

} // namespace

WeightSum LineLayout::kept_before(PartId p, VertexId at) const {
    if (p < 0 || p >= old_parts) return 0;
    const auto first = part_positions.begin() + part_start[p];
    const auto last = part_positions.begin() + part_start[p + 1];
    const auto i = std::lower_bound(first, last, at) - first;
    return part_size_prefix[std::size_t(part_start[p]) + std::size_t(p) + std::size_t(i)];
}

LineLayout make_line_layout(const Graph& graph, const Partition& old_partition,
                            std::span<const VertexId> position) {
    const VertexId n = graph.num_vertices();
    if (old_partition.part.size() != std::size_t(n))
        throw InvalidArgument("the old partition has " + std::to_string(old_partition.part.size()) +
                              " entries but the graph has " + std::to_string(n) + " vertices");
    std::vector<VertexId> vertex_at(std::size_t(n), -1);
    if (position.empty()) {
        std::iota(vertex_at.begin(), vertex_at.end(), 0);
    } else {
        if (position.size() != std::size_t(n))
            throw InvalidArgument("the ordering has " + std::to_string(position.size()) +
                                  " entries but the graph has " + std::to_string(n) + " vertices");
        for (VertexId v = 0; v < n; ++v) {
            const VertexId at = position[v];
            if (at < 0 || at >= n || vertex_at[at] >= 0)
                throw InvalidArgument("the ordering is not a permutation: vertex " +
                                      std::to_string(v + 1) + " has position " +
                                      std::to_string(at) +
                                      (at >= 0 && at < n ? ", which another vertex already has"
                                                         : ", outside 0..n-1"));
            vertex_at[at] = v;
        }
    }
    std::vector<Weight> weight_at(static_cast<std::size_t>(n)),
        size_at(static_cast<std::size_t>(n));
    std::vector<PartId> part_at(static_cast<std::size_t>(n));
    for (VertexId i = 0; i < n; ++i) {
        weight_at[i] = graph.vertex_weight(vertex_at[i]);
        size_at[i] = graph.vertex_size(vertex_at[i]);
        part_at[i] = old_partition.part[vertex_at[i]];
    }
    LineLayout line = make_line_layout(weight_at, size_at, part_at, old_partition.num_parts);
    line.vertex_at = std::move(vertex_at);
    return line;
}

LineLayout make_line_layout(std::span<const Weight> weight_at, std::span<const Weight> size_at,
                            std::span<const PartId> part_at, PartId old_parts) {
    const auto n = VertexId(part_at.size());
    if (weight_at.size() != part_at.size() || size_at.size() != part_at.size())
        throw InvalidArgument("a line profile needs one weight, size and part per position");
    LineLayout line;
    line.old_parts = old_parts;
    line.vertex_at.resize(std::size_t(n));
    std::iota(line.vertex_at.begin(), line.vertex_at.end(), 0);
    line.part_at.assign(part_at.begin(), part_at.end());
    line.weight_prefix.assign(std::size_t(n) + 1, 0);
    line.size_prefix.assign(std::size_t(n) + 1, 0);
    for (VertexId i = 0; i < n; ++i) {
        if (part_at[i] < 0 || part_at[i] >= old_parts)
            throw InvalidArgument("old part " + std::to_string(part_at[i]) + " at position " +
                                  std::to_string(i) + " is outside 0.." +
                                  std::to_string(old_parts - 1));
        line.weight_prefix[i + 1] = line.weight_prefix[i] + weight_at[i];
        line.size_prefix[i + 1] = line.size_prefix[i] + size_at[i];
    }
    index_old_parts(line);
    return line;
}

ArrangementEvaluator::ArrangementEvaluator(const LineLayout& line, std::vector<double> targets,
                                           std::vector<PartId> rank, double message_cost)
    : line_(line), targets_(std::move(targets)), rank_(std::move(rank)),
      message_cost_(message_cost) {
    if (rank_.size() != targets_.size())
        throw InvalidArgument("there are " + std::to_string(targets_.size()) + " targets but " +
                              std::to_string(rank_.size()) + " ranks");
    seen_.assign(std::size_t(line_.old_parts), -1);
    const std::size_t runs = line_.run_part.size();
    count_messages_ =
        message_cost_ > 0 || runs <= 8 * (targets_.size() + std::size_t(line_.old_parts));
}

std::vector<VertexId> ArrangementEvaluator::boundaries(std::span<const PartId> arrangement) const {
    const auto& prefix = line_.weight_prefix;
    const double total = double(prefix.back());
    std::vector<VertexId> bounds(arrangement.size() + 1, 0);
    double cumulative = 0;
    for (std::size_t j = 0; j + 1 < arrangement.size(); ++j) {
        cumulative += targets_[arrangement[j]];
        const double goal = cumulative * total;
        auto it = std::lower_bound(prefix.begin() + bounds[j], prefix.end(), goal);
        std::size_t at = std::size_t(it - prefix.begin());
        if (at == prefix.size()) at = prefix.size() - 1;
        // Nearest prefix, ties to the lower one.
        if (at > std::size_t(bounds[j]) &&
            goal - double(prefix[at - 1]) <= double(prefix[at]) - goal)
            --at;
        bounds[j + 1] = VertexId(at);
    }
    bounds.back() = line_.size();
    return bounds;
}

std::vector<VertexId> ArrangementEvaluator::relaxed_boundaries(std::span<const PartId> arrangement,
                                                               double tolerance) const {
    std::vector<VertexId> exact = boundaries(arrangement);
    if (tolerance <= 0 || arrangement.size() < 2) return exact;
    const auto& prefix = line_.weight_prefix;
    const double total = double(prefix.back());
    const std::size_t parts = arrangement.size();
    // Allowances in whole weight units, so that the windows below stay consistent.
    auto allowance = [&](std::size_t j) {
        return WeightSum((1 + tolerance) * targets_[arrangement[j]] * total);
    };
    std::vector<WeightSum> room_after(parts + 1, 0); // most weight parts j.. may take
    for (std::size_t j = parts; j-- > 0;) room_after[j] = room_after[j + 1] + allowance(j);
    std::vector<VertexId> bounds(parts + 1, 0);
    bounds.back() = line_.size();
    for (std::size_t j = 0; j + 1 < parts; ++j) {
        const VertexId start = bounds[j];
        // hi: the last position where interval j weighs at most its allowance.
        const WeightSum most = prefix[start] + allowance(j);
        const auto hi = VertexId(std::upper_bound(prefix.begin() + start, prefix.end(), most) -
                                 prefix.begin() - 1);
        // lo: the first position from which the rest fits the remaining parts.
        const auto lo =
            std::max(start, VertexId(std::lower_bound(prefix.begin(), prefix.end(),
                                                      prefix.back() - room_after[j + 1]) -
                                     prefix.begin()));
        if (lo > hi) {
            // Heavy vertices can leave no split within both limits: overload this interval by
            // less than one vertex rather than the rest of the line.
            bounds[j + 1] = lo;
            continue;
        }
        // Best split between the ranks of parts j and j + 1: keep the most of both, ties to
        // the balanced boundary.
        const PartId left = rank_[arrangement[j]], right = rank_[arrangement[j + 1]];
        const VertexId balanced = std::clamp(exact[j + 1], lo, hi);
        VertexId best = lo;
        WeightSum gain = 0, best_gain = 0; // size kept by moving the boundary from lo to `at`
        for (VertexId at = lo;; ++at) {
            if (gain > best_gain ||
                (gain == best_gain && std::abs(at - balanced) < std::abs(best - balanced))) {
                best_gain = gain;
                best = at;
            }
            if (at == hi) break;
            const PartId p = line_.part_at[at];
            const WeightSum size = line_.size_prefix[at + 1] - line_.size_prefix[at];
            gain += (p == left ? size : 0) - (p == right ? size : 0);
        }
        bounds[j + 1] = best;
    }
    return bounds;
}

RedistributionCost ArrangementEvaluator::cost(std::span<const PartId> arrangement) const {
    return cost(arrangement, boundaries(arrangement));
}

RedistributionCost ArrangementEvaluator::cost(std::span<const PartId> arrangement,
                                              std::span<const VertexId> bounds) const {
    RedistributionCost result;
    for (std::size_t j = 0; j < arrangement.size(); ++j) {
        const PartId p = rank_[arrangement[j]];
        result.kept_size += line_.kept_before(p, bounds[j + 1]) - line_.kept_before(p, bounds[j]);
    }
    result.moved_size = line_.size_prefix.back() - result.kept_size;
    result.messages = count_messages_ ? count_messages(arrangement, bounds) : -1;
    result.value = double(result.moved_size) +
                   message_cost_ * double(std::max<std::int64_t>(result.messages, 0));
    return result;
}

std::int64_t ArrangementEvaluator::count_messages(std::span<const PartId> arrangement,
                                                  std::span<const VertexId> bounds) const {
    std::fill(seen_.begin(), seen_.end(), -1);
    std::int64_t messages = 0;
    std::size_t run = 0;
    for (std::size_t j = 0; j < arrangement.size(); ++j) {
        VertexId at = bounds[j];
        const VertexId end = bounds[j + 1];
        const PartId q = arrangement[j];
        while (at < end) {
            while (line_.run_start[run + 1] <= at) ++run;
            const PartId p = line_.run_part[run];
            if (rank_[q] != p && seen_[p] != std::int64_t(j)) {
                seen_[p] = std::int64_t(j);
                ++messages;
            }
            at = std::min(end, line_.run_start[run + 1]);
        }
    }
    return messages;
}

bool cheaper(const RedistributionCost& a, const RedistributionCost& b) {
    if (a.value != b.value) return a.value < b.value;
    return a.messages < b.messages;
}

std::vector<PartId> initial_arrangement(const LineLayout& line, std::span<const PartId> rank) {
    std::vector<double> position_sum(std::size_t(line.old_parts), 0);
    std::vector<double> count(std::size_t(line.old_parts), 0);
    for (std::size_t r = 0; r + 1 < line.run_start.size(); ++r) {
        const double a = line.run_start[r], b = line.run_start[r + 1];
        position_sum[line.run_part[r]] += (a + b - 1) * (b - a) / 2;
        count[line.run_part[r]] += b - a;
    }
    auto key = [&](PartId q) {
        const PartId p = rank[q];
        return p < line.old_parts && count[p] > 0 ? position_sum[p] / count[p]
                                                  : double(line.size()) + q;
    };
    std::vector<PartId> arrangement(rank.size());
    std::iota(arrangement.begin(), arrangement.end(), 0);
    std::stable_sort(arrangement.begin(), arrangement.end(),
                     [&](PartId a, PartId b) { return key(a) < key(b); });
    return arrangement;
}

void move_in_arrangement(std::vector<PartId>& arrangement, PartId c, std::size_t to) {
    const auto from =
        std::size_t(std::find(arrangement.begin(), arrangement.end(), c) - arrangement.begin());
    if (from < to)
        std::rotate(arrangement.begin() + from, arrangement.begin() + from + 1,
                    arrangement.begin() + to + 1);
    else if (from > to)
        std::rotate(arrangement.begin() + to, arrangement.begin() + from,
                    arrangement.begin() + from + 1);
}

std::vector<PartId> minimize_cost_redistribution(const ArrangementEvaluator& evaluator,
                                                 std::vector<PartId> initial) {
    const std::vector<PartId> list = initial; // LIST of Fig. 6: the visiting order
    std::vector<PartId> out = std::move(initial);
    std::vector<PartId> trial;
    for (PartId c : list) {
        RedistributionCost best = evaluator.cost(out);
        std::size_t best_at = std::size_t(std::find(out.begin(), out.end(), c) - out.begin());
        for (std::size_t j = 0; j < out.size(); ++j) {
            trial = out;
            move_in_arrangement(trial, c, j);
            const RedistributionCost candidate = evaluator.cost(trial);
            if (cheaper(candidate, best)) {
                best = candidate;
                best_at = j;
            }
        }
        move_in_arrangement(out, c, best_at);
    }
    return out;
}

std::vector<PartId> exhaustive_arrangement(const ArrangementEvaluator& evaluator) {
    const PartId p = evaluator.num_parts();
    if (p > 8)
        throw InvalidArgument("exhaustive arrangement search is limited to 8 parts, got " +
                              std::to_string(p));
    std::vector<PartId> arrangement(static_cast<std::size_t>(p));
    std::iota(arrangement.begin(), arrangement.end(), 0);
    std::vector<PartId> best = arrangement;
    RedistributionCost best_cost = evaluator.cost(arrangement);
    while (std::next_permutation(arrangement.begin(), arrangement.end())) {
        const RedistributionCost c = evaluator.cost(arrangement);
        if (cheaper(c, best_cost)) {
            best_cost = c;
            best = arrangement;
        }
    }
    return best;
}

} // namespace part
