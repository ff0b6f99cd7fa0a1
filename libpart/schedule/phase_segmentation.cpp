#include "libpart/schedule/phase_segmentation.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <utility>

#include "libpart/core/error.hpp"

namespace part {

namespace {

constexpr double kWorstScore = std::numeric_limits<double>::infinity();

void check_work(std::span<const double> work) {
    if (work.empty()) throw InvalidArgument("no work units: expected at least one");
    for (double w : work)
        if (!std::isfinite(w) || w < 0) throw InvalidArgument("work must be finite and >= 0");
}

void check_model(const WorkUnits& units, int procs, double sync) {
    check_work(units.work);
    if (procs < 1) throw InvalidArgument("the number of processors must be at least 1");
    if (!std::isfinite(sync) || sync < 0)
        throw InvalidArgument("the synchronization cost must be >= 0");
    if (units.earliest.size() != units.work.size() || units.latest.size() != units.work.size())
        throw InvalidArgument("concurrency limits must have one entry per work unit");
}

// Additionally limits every phase to `window` consecutive units (0: no extra limit).
void limit_phase_window(WorkUnits& units, std::int64_t window) {
    if (window < 0) throw InvalidArgument("the phase window must be >= 0");
    if (window == 0) return;
    const std::int64_t n = units.size();
    for (std::int64_t i = 0; i < n; ++i) {
        auto& first = units.earliest[std::size_t(i)];
        auto& last = units.latest[std::size_t(i)];
        first = std::max(first, i - (window - 1));
        last = std::min(last, std::min(n - 1, i + (window - 1)));
    }
}

} // namespace

WorkUnits work_units_with_window(std::vector<double> work, std::int64_t window) {
    check_work(work);
    WorkUnits units;
    units.work = std::move(work);
    units.earliest.assign(units.work.size(), 0);
    units.latest.assign(units.work.size(), units.size() - 1);
    limit_phase_window(units, window);
    return units;
}

WorkUnits work_units_from_wavefronts(std::vector<double> work,
                                     std::span<const std::int64_t> wavefront,
                                     std::span<const std::int64_t> string) {
    check_work(work);
    if (wavefront.size() != work.size() || string.size() != work.size())
        throw InvalidArgument("expected a wavefront and a string number for every work unit");
    using Tuple = std::pair<std::int64_t, std::int64_t>;
    std::vector<Tuple> tuples(work.size());
    for (std::size_t i = 0; i < work.size(); ++i) {
        tuples[i] = {wavefront[i], string[i]};
        if (i > 0 && !(tuples[i - 1] < tuples[i]))
            throw InvalidArgument(
                "work unit " + std::to_string(i) +
                ": (wavefront, string) must increase strictly from one unit to the next");
    }
    WorkUnits units;
    units.work = std::move(work);
    units.earliest.resize(tuples.size());
    units.latest.resize(tuples.size());
    for (std::size_t i = 0; i < tuples.size(); ++i) {
        const auto [a, b] = tuples[i];
        // First unit >= (a-1, b+1) and last unit <= (a+1, b-1) (section 3.2).
        const auto first = std::lower_bound(tuples.begin(), tuples.end(), Tuple{a - 1, b + 1});
        const auto past = std::upper_bound(tuples.begin(), tuples.end(), Tuple{a + 1, b - 1});
        units.earliest[i] = std::int64_t(first - tuples.begin());
        units.latest[i] = std::int64_t(past - tuples.begin()) - 1;
    }
    return units;
}

WrappedLoads::WrappedLoads(std::span<const double> work, int procs)
    : procs_(procs), stride_prefix_(work.size()), prefix_(work.size() + 1, 0.0) {
    for (std::size_t i = 0; i < work.size(); ++i) {
        stride_prefix_[i] =
            work[i] + (i >= std::size_t(procs) ? stride_prefix_[i - std::size_t(procs)] : 0.0);
        prefix_[i + 1] = prefix_[i] + work[i];
    }
}

double WrappedLoads::wmax(std::int64_t first, std::int64_t last) const {
    double heaviest = 0;
    // Processor p holds units first+p, first+p+P, ...: a difference of two stride prefixes.
    for (std::int64_t p = 0; p < procs_ && first + p <= last; ++p) {
        const std::int64_t start = first + p;
        const std::int64_t end = last - (last - start) % procs_;
        const double before = start >= procs_ ? stride_prefix_[std::size_t(start - procs_)] : 0.0;
        heaviest = std::max(heaviest, stride_prefix_[std::size_t(end)] - before);
    }
    return heaviest;
}

double WrappedLoads::sum(std::int64_t first, std::int64_t last) const {
    return prefix_[std::size_t(last + 1)] - prefix_[std::size_t(first)];
}

PhaseSchedule optimal_phases(const WorkUnits& units, int procs, double sync) {
    check_model(units, procs, sync);
    const std::int64_t n = units.size();
    const WrappedLoads loads(units.work, procs);
    // best[m] is A(m) over the first m units (1-based m as in the paper); start[m] is the
    // first unit (0-based) of the phase that ends at unit m - 1.
    std::vector<double> best(std::size_t(n + 1), kWorstScore);
    std::vector<std::int64_t> start(std::size_t(n + 1), 0);
    best[0] = 0;
    for (std::int64_t last = 0; last < n; ++last) {
        for (std::int64_t first = last; first >= units.earliest[std::size_t(last)]; --first) {
            const double candidate = best[std::size_t(first)] + loads.wmax(first, last) + sync;
            if (candidate < best[std::size_t(last + 1)]) {
                best[std::size_t(last + 1)] = candidate;
                start[std::size_t(last + 1)] = first;
            }
        }
    }
    PhaseSchedule schedule;
    schedule.total = best[std::size_t(n)] - sync;
    for (std::int64_t m = n; m > 0; m = start[std::size_t(m)])
        schedule.phase_starts.push_back(start[std::size_t(m)]);
    std::reverse(schedule.phase_starts.begin(), schedule.phase_starts.end());
    return schedule;
}

PhaseSchedule greedy_phases(const WorkUnits& units, int procs, double sync) {
    check_model(units, procs, sync);
    const std::int64_t n = units.size();
    const WrappedLoads loads(units.work, procs);
    const std::int64_t last_phase_earliest = units.earliest[std::size_t(n - 1)];
    PhaseSchedule schedule;
    for (std::int64_t first = 0; first < n;) {
        std::int64_t chosen = first, furthest = first;
        double chosen_score = kWorstScore;
        for (std::int64_t last = first; last <= units.latest[std::size_t(first)]; ++last) {
            if (units.earliest[std::size_t(last)] > first) break;
            furthest = last;
            const double busy = loads.sum(first, last) / procs;
            if (busy <= 0) continue;
            double score = (sync + loads.wmax(first, last) - busy) / busy;
            const std::int64_t next = last + 1;
            // Look-ahead term of the redefined W_i(n); dropped when the rest fits in one phase.
            if (next < n && next < last_phase_earliest) {
                const double next_busy = loads.sum(next, units.latest[std::size_t(next)]) / procs;
                score += next_busy > 0 ? sync / next_busy : kWorstScore;
            }
            if (score < chosen_score) {
                chosen_score = score;
                chosen = last;
            }
        }
        // Phases without work have no finite ratio: take them whole.
        if (chosen_score == kWorstScore) chosen = furthest;
        schedule.phase_starts.push_back(first);
        first = chosen + 1;
    }
    schedule.total = phase_schedule_cost(units, procs, sync, schedule.phase_starts);
    return schedule;
}

double phase_schedule_cost(const WorkUnits& units, int procs, double sync,
                           std::span<const std::int64_t> phase_starts) {
    check_model(units, procs, sync);
    const std::int64_t n = units.size();
    if (phase_starts.empty() || phase_starts.front() != 0)
        throw InvalidArgument("the first phase must start at the first work unit");
    const WrappedLoads loads(units.work, procs);
    double total = sync * double(phase_starts.size() - 1);
    for (std::size_t p = 0; p < phase_starts.size(); ++p) {
        const std::int64_t first = phase_starts[p];
        const std::int64_t last = p + 1 < phase_starts.size() ? phase_starts[p + 1] - 1 : n - 1;
        if (last < first || last >= n)
            throw InvalidArgument("phase starts must increase within the units");
        if (units.earliest[std::size_t(last)] > first)
            throw InvalidArgument("phase " + std::to_string(p + 1) +
                                  " joins units that may not run concurrently");
        total += loads.wmax(first, last);
    }
    return total;
}

std::vector<std::int64_t> wavefront_phase_starts(std::span<const std::int64_t> wavefront) {
    std::vector<std::int64_t> starts;
    for (std::size_t i = 0; i < wavefront.size(); ++i)
        if (i == 0 || wavefront[i] != wavefront[i - 1]) starts.push_back(std::int64_t(i));
    return starts;
}

PhaseComparison compare_phase_schedules(std::vector<double> work,
                                        std::span<const std::int64_t> wavefront,
                                        std::span<const std::int64_t> string, int procs,
                                        double sync, std::int64_t window) {
    WorkUnits units = wavefront.empty()
                          ? work_units_with_window(std::move(work), window)
                          : work_units_from_wavefronts(std::move(work), wavefront, string);
    if (!wavefront.empty()) limit_phase_window(units, window);
    PhaseComparison comparison;
    comparison.units = units.size();
    comparison.optimal = optimal_phases(units, procs, sync);
    comparison.heuristic = greedy_phases(units, procs, sync);
    if (!wavefront.empty()) {
        PhaseSchedule& static_schedule = comparison.by_wavefront.emplace();
        static_schedule.phase_starts = wavefront_phase_starts(wavefront);
        static_schedule.total =
            phase_schedule_cost(units, procs, sync, static_schedule.phase_starts);
    }
    return comparison;
}

} // namespace part
