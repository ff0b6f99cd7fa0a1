#pragma once
// The public C++ interface of libpart: partition a graph held in memory, repartition it from an
// old partition, and measure a partition. It depends on the standard library only, so a solver
// includes this one header and links part::part (CMake) or `pkg-config --libs part`.
//
// The graph is METIS's CSR layout, 0-based: the neighbours of vertex v are
// adjncy[xadj[v] .. xadj[v + 1]), each undirected edge stored in both directions. Every function
// checks its input and throws part::api::Error naming what is wrong; nothing is kept between
// calls, so calls on different graphs may run on different threads at once.
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

// The shared library exports these names only (libpart's own are hidden).
#define PART_API_EXPORT __attribute__((visibility("default")))

namespace part::api {

// Bad input (an asymmetric graph, a part id out of range, an unknown method, ...).
class PART_API_EXPORT Error : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

struct GraphView {
    std::span<const std::int64_t> xadj = {};   // n + 1 offsets
    std::span<const std::int32_t> adjncy = {}; // xadj[n] neighbour ids
    int ncon = 1;                              // weights per vertex in vwgt
    std::span<const std::int32_t> vwgt = {};   // n * ncon, row-major; empty: unit weights
    std::span<const std::int32_t> vsize = {};  // data size per vertex (migration cost); empty: 1
    std::span<const std::int32_t> adjwgt = {}; // one weight per adjncy entry; empty: 1
    int dim = 0;                               // 0, 2 or 3
    std::span<const double> coords = {};       // n * dim, row-major (rcb, inertial, hilbert, ...)
};

struct PartitionOptions {
    std::string method = "metis";     // one of partition_methods()
    std::vector<double> targets = {}; // fraction of the weight per part, summing to 1; empty: equal
    double tolerance = 0.03;          // allowed imbalance: parts up to (1 + tolerance) x target
    int seed = -1;                    // -1: the method's default; same seed, same result
};

// The part (0 .. nparts - 1) of every vertex.
PART_API_EXPORT std::vector<std::int32_t> partition(const GraphView& graph, std::int32_t nparts,
                                                    const PartitionOptions& options = {});

struct RepartitionOptions {
    std::string method = "adaptive";  // one of repartition_methods()
    std::vector<double> targets = {}; // per new part; empty: equal
    double tolerance = 0.03;
    // How many cut edges one unit of migrated vertex size is worth (ParMETIS's itr, Zoltan's
    // PHG_REPART_MULTIPLIER): lower buys a lower cut with more migration.
    double migration_cost = 0.5;
};

// A migration plan: for each (old rank, new part) pair that exchanges data, the vertices that
// move, in increasing id, so that the sender packs and the receiver unpacks them in the same
// order without exchanging indices (Kaddoura & Ranka's schedule_sort). New part q lives on rank
// rank_of_part[q]; the checksums identify the partitions the plan goes between.
struct PlanMessage {
    std::int32_t source = 0;      // old rank sending
    std::int32_t destination = 0; // new part receiving
    std::vector<std::int32_t> vertices;
    friend bool operator==(const PlanMessage&, const PlanMessage&) = default;
};

struct Plan {
    std::int32_t num_vertices = 0;
    std::int32_t old_parts = 0;
    std::int32_t new_parts = 0;
    std::vector<std::int32_t> rank_of_part;
    std::uint64_t old_checksum = 0;
    std::uint64_t new_checksum = 0;
    std::vector<PlanMessage> messages;
    friend bool operator==(const Plan&, const Plan&) = default;
};

struct Repartition {
    std::vector<std::int32_t> part;         // the new part of every vertex
    std::vector<std::int32_t> rank_of_part; // the rank that hosts each new part
    std::int64_t moved_size = 0;            // total size of the vertices whose rank changes
    Plan plan;                              // what moves, from the old ranks to the new parts
};

// Repartitions from `old_part` (ranks 0 .. old_nparts - 1, one per vertex) into `new_nparts`
// parts after the weights changed; the graph's current weights are the new loads.
PART_API_EXPORT Repartition repartition(const GraphView& graph,
                                        std::span<const std::int32_t> old_part,
                                        std::int32_t old_nparts, std::int32_t new_nparts,
                                        const RepartitionOptions& options = {});

struct Metrics {
    std::int64_t edge_cut = 0;             // weight of the edges between parts
    std::int64_t communication_volume = 0; // METIS's total communication volume
    double imbalance = 1;                  // max over parts and weights of weight / target
    std::int32_t empty_parts = 0;
    std::int32_t disconnected_parts = 0;
};

PART_API_EXPORT Metrics metrics(const GraphView& graph, std::span<const std::int32_t> part,
                                std::int32_t nparts);

// The plan from old_part to new_part (new part q on rank rank_of_part[q]; empty: rank q).
PART_API_EXPORT Plan make_plan(std::span<const std::int32_t> old_part, std::int32_t old_nparts,
                               std::span<const std::int32_t> new_part, std::int32_t new_nparts,
                               std::span<const std::int32_t> rank_of_part = {});

// The new partition `plan` makes of old_part; throws Error when old_part is not the plan's
// (length or checksum) or the result is not the one the plan was made for.
PART_API_EXPORT std::vector<std::int32_t> apply_plan(const Plan& plan,
                                                     std::span<const std::int32_t> old_part);

// Plan files (.plan: a JSON head and a checksummed binary body, docs/formats.md), as part-plan
// and part-repart write them. write_plan replaces `path` only once the whole file is written;
// read_plan checks the whole file and throws Error naming it and what is wrong.
PART_API_EXPORT void write_plan(const std::string& path, const Plan& plan);
PART_API_EXPORT Plan read_plan(const std::string& path);

// The halo exchange schedule of one rank (Kaddoura & Ranka's schedule_sort): for each
// neighbour rank, ascending, the ids this rank sends it (its own vertices adjacent to that
// rank's) and the ids it receives from it (that rank's vertices adjacent to its own), both
// sorted, so that rank s's send list to r is rank r's receive list from s, in the same order.
struct HaloNeighbour {
    std::int32_t rank = 0;
    std::vector<std::int32_t> send;
    std::vector<std::int32_t> receive;
    friend bool operator==(const HaloNeighbour&, const HaloNeighbour&) = default;
};

struct HaloSchedule {
    std::vector<HaloNeighbour> neighbours;
    friend bool operator==(const HaloSchedule&, const HaloSchedule&) = default;
};

// This rank's owned rows of the graph: global ids, and for each its neighbours' global ids
// neighbours[offsets[i] .. offsets[i + 1]) (each undirected edge stored in both directions).
struct OwnedRows {
    std::span<const std::int32_t> ids = {};
    std::span<const std::int64_t> offsets = {}; // ids.size() + 1
    std::span<const std::int32_t> neighbours = {};
};

// The schedule of `rank` from its owned rows and the whole partition (part of every vertex,
// part q on rank rank_of_part[q]; empty rank_of_part: part q on rank q). Throws Error when an
// owned id is not on `rank` or an id is out of range.
PART_API_EXPORT HaloSchedule halo_schedule(const OwnedRows& rows,
                                           std::span<const std::int32_t> part,
                                           std::span<const std::int32_t> rank_of_part,
                                           std::int32_t rank);

// The same from the whole graph (as the other functions take it).
PART_API_EXPORT HaloSchedule halo_schedule(const GraphView& graph,
                                           std::span<const std::int32_t> part,
                                           std::span<const std::int32_t> rank_of_part,
                                           std::int32_t rank);

// The ids of a schedule's receive lists, neighbour after neighbour: the ghosts, in the order
// halo_exchange (part_mpi.hpp) returns their values.
PART_API_EXPORT std::vector<std::int32_t> ghost_ids(const HaloSchedule& schedule);

PART_API_EXPORT std::vector<std::string> partition_methods();
PART_API_EXPORT std::vector<std::string> repartition_methods();

} // namespace part::api
