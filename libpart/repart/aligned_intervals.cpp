#include "libpart/repart/aligned_intervals.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>

#include "libpart/repart/line_window.hpp"

namespace part {

namespace {

// How new interval j was chosen, kept per (state, end position) to rebuild the intervals.
struct Choice {
    VertexId start = -1; // where interval j begins
    PartId from = -1;    // state before it
    PartId run = -1;     // old run it keeps, -1 for none
};

// Positions b where boundary j may fall, and the states there: "the next kept old run is
// `first` or later", first..last (runs wholly before the window can no longer be kept).
struct Boundary {
    VertexId lo = 0, hi = 0;
    PartId first = 0, last = 0;
    std::vector<WeightSum> best; // per (state - first) x (b - lo): most size kept so far
    std::vector<Choice> choice;

    VertexId width() const { return hi - lo + 1; }
    WeightSum& at(PartId state, VertexId b) {
        return best[std::size_t(state - first) * std::size_t(width()) + std::size_t(b - lo)];
    }
    Choice& choice_at(PartId state, VertexId b) {
        return choice[std::size_t(state - first) * std::size_t(width()) + std::size_t(b - lo)];
    }
};

class AlignedSolver {
  public:
    AlignedSolver(const LineLayout& line, const std::vector<PartId>& rank, WeightSum limit)
        : line_(line), limit_(limit), runs_(PartId(line.run_part.size())),
          host_(line.run_part.size(), -1) {
        std::vector<PartId> host_of_old(std::size_t(line.old_parts), -1);
        for (PartId q = 0; q < PartId(rank.size()); ++q)
            if (rank[q] >= 0 && rank[q] < line.old_parts) host_of_old[rank[q]] = q;
        for (PartId r = 0; r < runs_; ++r) host_[r] = host_of_old[line.run_part[r]];
    }

    // Windows and state ranges of every boundary; false when some boundary has no room.
    bool plan(PartId parts, std::size_t max_entries) {
        boundaries_.resize(std::size_t(parts) + 1);
        std::size_t entries = 0;
        for (PartId j = 0; j <= parts; ++j) {
            Boundary& bd = boundaries_[j];
            std::tie(bd.lo, bd.hi) = boundary_window(line_.weight_prefix, j, parts, limit_ * j,
                                                     limit_ * WeightSum(parts - j));
            if (bd.lo > bd.hi) return false;
            bd.first = run_at(bd.lo);
            bd.last = j == 0 ? 0 : std::max(bd.first, PartId(run_at(std::max(0, bd.hi - 1)) + 1));
            bd.last = std::max(bd.last, j > 0 ? boundaries_[j - 1].last : PartId(0));
            entries += std::size_t(bd.last - bd.first + 1) * std::size_t(bd.width());
            if (entries > max_entries) return false;
        }
        return true;
    }

    // The dynamic program, interval by interval; false when the last boundary is unreachable.
    bool solve() {
        Boundary& origin = boundaries_.front();
        origin.best.assign(1, 0);
        origin.choice.assign(1, Choice{});
        for (std::size_t j = 0; j + 1 < boundaries_.size(); ++j) step(j);
        const Boundary& end = boundaries_.back();
        return std::any_of(end.best.begin(), end.best.end(),
                           [](WeightSum v) { return v != kUnreachableStart; });
    }

    AlignedIntervals rebuild(PartId parts, const std::vector<PartId>& rank) {
        Boundary& end = boundaries_.back();
        PartId state = end.first;
        for (PartId s = end.first; s <= end.last; ++s)
            if (end.at(s, end.lo) > end.at(state, end.lo)) state = s;
        AlignedIntervals result;
        result.bounds.assign(std::size_t(parts) + 1, 0);
        result.arrangement.assign(std::size_t(parts), -1);
        result.bounds.back() = line_.size();
        std::vector<char> placed(std::size_t(parts), 0);
        VertexId b = line_.size();
        for (PartId j = parts; j-- > 0;) {
            const Choice c = boundaries_[std::size_t(j) + 1].choice_at(state, b);
            if (c.run >= 0) {
                result.arrangement[j] = host_[c.run];
                placed[host_[c.run]] = 1;
            }
            b = c.start;
            state = c.from;
            result.bounds[j] = b;
        }
        fill_unkept(result, placed, rank);
        return result;
    }

  private:
    PartId run_at(VertexId position) const {
        if (position >= line_.size()) return runs_;
        return PartId(std::upper_bound(line_.run_start.begin(), line_.run_start.end(), position) -
                      line_.run_start.begin() - 1);
    }

    // Size of run r's positions before `at`.
    WeightSum kept_before(PartId r, VertexId at) const {
        const VertexId s = line_.run_start[r], e = line_.run_start[r + 1];
        return line_.size_prefix[std::clamp(at, s, e)] - line_.size_prefix[s];
    }

    // Places interval j: from every state at boundary j, either keeping nothing or keeping
    // a run r at or after the state (the state then becomes r + 1).
    void step(std::size_t j) {
        Boundary& from = boundaries_[j];
        Boundary& to = boundaries_[j + 1];
        const std::size_t size = std::size_t(to.last - to.first + 1) * std::size_t(to.width());
        to.best.assign(size, kUnreachableStart);
        to.choice.assign(size, Choice{});
        const VertexId width = from.width();
        std::vector<WeightSum> value(static_cast<std::size_t>(width));
        std::vector<PartId> source(std::size_t(width), -1);
        // running[a]: the best over the states <= r at start a.
        std::vector<WeightSum> running(std::size_t(width), kUnreachableStart);
        std::vector<PartId> running_state(std::size_t(width), -1);
        for (PartId s = from.first; s <= from.last; ++s) {
            for (VertexId a = from.lo; a <= from.hi; ++a) {
                value[a - from.lo] = from.at(s, a);
                source[a - from.lo] = s;
            }
            relax(from, to, value, source, -1, std::max(s, to.first));
        }
        for (PartId r = from.first; r < to.last && r < runs_; ++r) {
            if (r <= from.last)
                for (VertexId a = from.lo; a <= from.hi; ++a) {
                    const WeightSum v = from.at(r, a);
                    if (v > running[a - from.lo]) {
                        running[a - from.lo] = v;
                        running_state[a - from.lo] = r;
                    }
                }
            if (host_[r] < 0) continue;
            for (VertexId a = from.lo; a <= from.hi; ++a) {
                const WeightSum v = running[a - from.lo];
                value[a - from.lo] = v == kUnreachableStart ? v : v - kept_before(r, a);
                source[a - from.lo] = running_state[a - from.lo];
            }
            relax(from, to, value, source, r, std::max(PartId(r + 1), to.first));
        }
    }

    // to[state](b) = max over starts a of value[a] (+ the size of `run` before b), the
    // starts a < b with interval [a, b) within the limit.
    void relax(const Boundary& from, Boundary& to, const std::vector<WeightSum>& value,
               const std::vector<PartId>& source, PartId run, PartId state) {
        for_best_starts(
            line_.weight_prefix, limit_, from.lo, from.hi, to.lo, to.hi,
            [&](VertexId a) { return value[a - from.lo]; },
            [&](VertexId b, VertexId a) {
                const WeightSum v = value[a - from.lo] + (run >= 0 ? kept_before(run, b) : 0);
                if (v > to.at(state, b)) {
                    to.at(state, b) = v;
                    to.choice_at(state, b) = {a, source[a - from.lo], run};
                }
            });
    }

    // Intervals that keep no run go to the parts not placed yet: each to the one whose old
    // data it overlaps most (lowest id on ties).
    void fill_unkept(AlignedIntervals& result, std::vector<char>& placed,
                     const std::vector<PartId>& rank) const {
        std::vector<PartId> run_of_old(std::size_t(line_.old_parts), -1);
        for (PartId r = 0; r < runs_; ++r) run_of_old[line_.run_part[r]] = r;
        for (std::size_t j = 0; j < result.arrangement.size(); ++j) {
            if (result.arrangement[j] >= 0) continue;
            PartId best = -1;
            WeightSum best_kept = -1;
            for (PartId q = 0; q < PartId(placed.size()); ++q) {
                if (placed[q]) continue;
                const PartId r =
                    rank[q] >= 0 && rank[q] < line_.old_parts ? run_of_old[rank[q]] : -1;
                const WeightSum kept =
                    r < 0 ? 0
                          : kept_before(r, result.bounds[j + 1]) - kept_before(r, result.bounds[j]);
                if (kept > best_kept) {
                    best_kept = kept;
                    best = q;
                }
            }
            result.arrangement[j] = best;
            placed[best] = 1;
        }
    }

    const LineLayout& line_;
    WeightSum limit_;
    PartId runs_;
    std::vector<PartId> host_; // new part on the rank of each run's old part, or -1
    std::vector<Boundary> boundaries_;
};

// Every old part is one run of the line.
bool old_parts_are_intervals(const LineLayout& line) {
    std::vector<char> seen(std::size_t(line.old_parts), 0);
    for (PartId p : line.run_part) {
        if (seen[p]) return false;
        seen[p] = 1;
    }
    return true;
}

} // namespace

std::optional<AlignedIntervals> aligned_intervals(const LineLayout& line,
                                                  const std::vector<double>& fractions,
                                                  const std::vector<PartId>& rank, double tolerance,
                                                  std::size_t max_entries) {
    const auto parts = PartId(fractions.size());
    if (!(tolerance > 0) || parts < 1 || line.size() < parts || rank.size() != fractions.size())
        return std::nullopt;
    for (double f : fractions)
        if (std::abs(f - fractions.front()) > 1e-12) return std::nullopt;
    if (!old_parts_are_intervals(line)) return std::nullopt;
    const auto& prefix = line.weight_prefix;
    const auto limit =
        WeightSum(std::floor((1 + tolerance) * double(prefix.back()) / double(parts)));
    for (VertexId i = 0; i < line.size(); ++i)
        if (prefix[i + 1] - prefix[i] > limit) return std::nullopt;
    AlignedSolver solver(line, rank, limit);
    if (!solver.plan(parts, max_entries) || !solver.solve()) return std::nullopt;
    return solver.rebuild(parts, rank);
}

} // namespace part
