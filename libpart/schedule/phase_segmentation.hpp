#pragma once
// Choosing synchronization points for work units wrapped onto P processors (Nicol & Saltz
// 1987, section 3, "Model B"): the optimal phases by dynamic programming, recurrence (3), and
// the greedy W(n) heuristic that needs O(PW) expected time.
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace part {

// Work units in their linear order with the concurrency each allows: unit n may share a
// phase with units earliest[n]..n only, and latest[n] is the furthest later unit that may
// share one with n (the paper's P(n) and F(n), 0-based). Both are non-decreasing.
struct WorkUnits {
    std::vector<double> work;
    std::vector<std::int64_t> earliest;
    std::vector<std::int64_t> latest;

    std::int64_t size() const { return std::int64_t(work.size()); }
};

// Units that may share a phase with at most window - 1 neighbours on either side; window 0
// means no limit (the whole sequence may be one phase).
WorkUnits work_units_with_window(std::vector<double> work, std::int64_t window);

// Units designated (wavefront, string) in increasing order (section 3.2): unit (a, b) may
// share a phase with units from (a-1, b+1) to (a+1, b-1). Throws InvalidArgument (naming
// the 0-based unit) when the tuples are not strictly increasing.
WorkUnits work_units_from_wavefronts(std::vector<double> work,
                                     std::span<const std::int64_t> wavefront,
                                     std::span<const std::int64_t> string);

struct PhaseSchedule {
    double total = 0;                       // phase times plus S per synchronization
    std::vector<std::int64_t> phase_starts; // 0-based first unit of each phase, increasing
};

// Time of the most loaded processor when units first..last are wrapped onto `procs`
// processors, unit k going to processor (k - first) mod procs: the paper's wmax(i, j).
// Built once in O(W); each query costs O(procs).
class WrappedLoads {
  public:
    WrappedLoads(std::span<const double> work, int procs);
    double wmax(std::int64_t first, std::int64_t last) const;
    double sum(std::int64_t first, std::int64_t last) const;

  private:
    int procs_;
    std::vector<double> stride_prefix_; // sum of work[i], work[i-P], work[i-2P], ...
    std::vector<double> prefix_;        // sum of work[0..i-1]
};

// Optimal phases: A(n) = min over P(n) <= k <= n of A(k-1) + wmax(k, n) + S with A(0) = 0
// (recurrence (3) with A(k-1) on the right, as corrected). The last phase needs no
// synchronization (footnote 5), so total = A(W) - S. O(W x window x P) time.
PhaseSchedule optimal_phases(const WorkUnits& units, int procs, double sync);

// The greedy W(n) heuristic (section 3.3): from the first unscheduled unit i, end the phase
// at the i + n minimizing idle-to-busy ratio W_i(n) plus S over the work available to the
// next phase, a term dropped when the rest fits in one phase.
PhaseSchedule greedy_phases(const WorkUnits& units, int procs, double sync);

// Total time of given phases under the same model; throws InvalidArgument when a phase
// breaks the concurrency limits.
double phase_schedule_cost(const WorkUnits& units, int procs, double sync,
                           std::span<const std::int64_t> phase_starts);

// One phase per wavefront: the static schedule the paper compares against.
std::vector<std::int64_t> wavefront_phase_starts(std::span<const std::int64_t> wavefront);

// The optimum and the W(n) heuristic on the same units, and the static schedule when the units
// have wavefronts: what part-schedule segment reports.
struct PhaseComparison {
    std::int64_t units = 0;
    PhaseSchedule optimal;                     // optimal_phases
    PhaseSchedule heuristic;                   // greedy_phases
    std::optional<PhaseSchedule> by_wavefront; // one phase per wavefront, when given
};

// Units from (wavefront, string) numbers when `wavefront` is not empty, else units in a plain
// sequence; either way no phase spans more than `window` units (0: no limit). Throws
// InvalidArgument as the functions above do, among others when a wavefront is longer than the
// window.
PhaseComparison compare_phase_schedules(std::vector<double> work,
                                        std::span<const std::int64_t> wavefront,
                                        std::span<const std::int64_t> string, int procs,
                                        double sync, std::int64_t window);

} // namespace part
