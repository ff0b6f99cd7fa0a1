#pragma once
// Partitioning methods by name, so tools stay thin: part-partition parses options, calls
// partition_graph and reports.
#include <string>
#include <string_view>
#include <vector>

#include "libpart/core/partition.hpp"
#include "libpart/order/fiedler_vector.hpp"
#include "libpart/order/permutation.hpp"
#include "libpart/partition/metis_partition.hpp"

namespace part {

struct PartitionOptions {
    std::vector<double> targets;          // fractions per part; empty = uniform
    double tolerance = 0.03;              // allowed imbalance above 1 (farhat, hier)
    int seed = -1;                        // -1: each method's default
    std::string scheme = "auto";          // hier: a descriptor or "auto"
    std::string order_method = "hilbert"; // blocks, when no order is given
    const Permutation* order = nullptr;   // blocks: a precomputed ordering
    MetisOptions metis;
    FiedlerOptions fiedler;
    // After the method, a Fiduccia-Mattheyses boundary pass (libpart/refine/boundary_polish)
    // lowers the cut within `tolerance`; parts then need not be contiguous blocks any more.
    bool polish = false;
    // Last, every part made connected (libpart/refine/fragment_absorption's connect_parts);
    // metis is also asked for contiguous parts itself.
    bool contiguous = false;
};

struct PartitionResult {
    std::vector<PartId> part;
    std::string scheme; // hier: the scheme used (the one chosen by "auto")
};

// blocks, rcb, inertial, spectral, farhat, hier, metis.
const std::vector<std::string>& partition_methods();

// True when the method (with these options) reads coordinates.
bool partition_needs_coordinates(std::string_view method, const PartitionOptions& options);

// Checks k (1 <= k <= n), the targets (k positive fractions), the ordering (a permutation)
// and the coordinates, then partitions. Throws InvalidArgument naming what is wrong.
PartitionResult partition_graph(const Graph& graph, std::string_view method, PartId k,
                                const PartitionOptions& options);

} // namespace part
