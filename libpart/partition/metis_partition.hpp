#pragma once
// METIS k-way and recursive bisection through the library API. With default options the
// result equals what gpmetis writes for the same graph, K and seed.
#include <vector>

#include "libpart/core/partition.hpp"

namespace part {

struct MetisOptions {
    enum class Type { Kway, RecursiveBisection };
    enum class Objective { Cut, Volume };
    Type type = Type::Kway;
    Objective objective = Objective::Cut;
    int ufactor = -1; // allowed imbalance in 1/1000; -1 is METIS's default (30 k-way, 1 rb)
    int seed = -1;    // -1 is METIS's default seed, as gpmetis
    bool contig = false;
    bool minconn = false;
    int ncuts = 1;
    int niter = 10;
};

// The imbalance `ufactor` allows, as a fraction (0.03: parts up to 1.03 x their target); an
// unset ufactor counts as gpmetis's k-way default of 30.
inline double ufactor_tolerance(const MetisOptions& options) {
    return (options.ufactor < 0 ? 30 : options.ufactor) / 1000.0;
}

// Partitions into k parts, none empty when k <= n (fill_empty_parts moves a vertex into each
// part METIS leaves empty, so the result then differs from gpmetis's). `targets` are
// per-part fractions (empty for uniform), applied to every constraint. Throws InvalidArgument when
// k < 1 or the graph exceeds METIS's 32-bit ids, and Error when METIS fails.
std::vector<PartId> partition_with_metis(const Graph& graph, PartId k,
                                         const std::vector<double>& targets,
                                         const MetisOptions& options);

} // namespace part
