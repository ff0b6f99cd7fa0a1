#pragma once
// Repartitioning methods behind one signature, looked up by name, so tools dispatch without
// knowing them and a new method plugs in by adding one entry to the registry.
//
// Every method returns new logical parts 0..K2-1 and the physical rank hosting each
// (MigrationPlan's numbering): when K2 >= K the ranks are 0..K2-1 in order; when K2 < K the
// method chooses which K2 old ranks stay active, listed in increasing rank order, and the
// others become skeleton ranks.
#include <functional>
#include <string>
#include <vector>

#include "libpart/core/graph.hpp"
#include "libpart/core/partition.hpp"
#include "libpart/partition/metis_partition.hpp"

namespace part {

struct RepartRequest {
    PartId new_parts = 0;           // K2 >= 1
    std::vector<double> targets;    // K2 fractions summing to 1; empty = uniform
    std::vector<VertexId> position; // interval: place of each vertex on the line; empty = numbering
    // Aligned: the exact arrangement and boundaries when old parts are intervals of the line
    // (aligned_intervals), else Mcr; the cheaper of the two.
    enum class Arrangement { Mcr, Identity, Exhaustive, Aligned };
    Arrangement arrangement = Arrangement::Mcr; // interval: how to order parts over intervals
    double message_cost = 0;                    // interval: cost of a message in vertex-size units
    // adaptive, interval, gde: allowed imbalance (0.03: parts up to 1.03 x target) spent on
    // moving less
    double tolerance = 0;
    // adaptive, gde (with a tolerance): the cut edge weight one unit of migrated vertex size is
    // worth, like ParMETIS's itr. Zoltan's PHG_REPART_MULTIPLIER M weighs a moved unit like 1/M
    // of its cut, the communication volume, which on a mesh's dual graph is about twice the
    // edge cut: the default is its least-migration setting, M = 1.
    double migration_cost = 0.5;
    MetisOptions metis; // scratch
    std::string scheme; // hier: the old partition's hierarchical scheme, e.g. BEAM-Z[YX][4x4]
};

struct RepartResult {
    Partition partition;               // K2 logical parts with their targets
    std::vector<PartId> new_part_rank; // physical rank of each logical part
    // Method-specific figures for the report, e.g. the identity arrangement's moved size.
    std::vector<std::pair<std::string, double>> details;
};

using RepartFunction =
    std::function<RepartResult(const Graph&, const Partition& old_partition, const RepartRequest&)>;

// Throws InvalidArgument naming the known methods when `name` is not one.
const RepartFunction& repart_method(const std::string& name);
std::vector<std::string> repart_method_names();

// The arrangements by the names tools give them: mcr, identity, exhaustive, aligned (in that
// order). arrangement_named throws InvalidArgument naming the known ones when `name` is not one.
RepartRequest::Arrangement arrangement_named(const std::string& name);
std::vector<std::string> arrangement_names();

// Checks what every method needs: old partition fits the graph, K2 >= 1 and <= n (when
// n > 0), tolerance in [0, 1), a finite migration cost >= 0, targets count K2. Throws
// InvalidArgument.
void validate(const RepartRequest& request, const Graph& graph, const Partition& old_partition);

} // namespace part
