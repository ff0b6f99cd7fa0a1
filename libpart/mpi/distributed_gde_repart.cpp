#include "libpart/mpi/distributed_gde_repart.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>

#include "libpart/core/metrics.hpp"
#include "libpart/gde/edge_colouring.hpp"
#include "libpart/gde/flow_routing.hpp"
#include "libpart/gde/workload_adjuster.hpp"
#include "libpart/mpi/collective_errors.hpp"
#include "libpart/mpi/distributed_gde.hpp"
#include "libpart/mpi/exchange.hpp"
#include "libpart/mpi/ghost_layer.hpp"
#include "libpart/mpi/rank_network.hpp"
#include "libpart/mpi/subdomain_view.hpp"
#include "libpart/repart/part_seeding.hpp"

namespace part::mpi {

namespace {

// The paper's exchange parameter for the decision maker.
constexpr double kLambda = 0.5;

// Load per unit of share; a retiring processor (share 0) holding load is the heaviest of all.
double load_ratio(WeightSum load, double share) {
    return share > 0 ? double(load) / share : std::numeric_limits<double>::infinity();
}

// Growth: each processor with a share but no vertex, in id order, gets a ball of the
// processor heaviest for its share, carved around that one's deepest vertex by the rank
// running it (the serial gde method's seeding; the choice is made identically on every rank
// from the global loads).
int seed_empty_processors(LabelledGraph& labelled, const std::vector<double>& capacity) {
    const MPI_Comm comm = labelled.comm;
    const int rank = rank_of(comm), ranks = size_of(comm);
    const auto k = PartId(capacity.size());
    std::vector<WeightSum> weights = global_part_weights(comm, labelled.graph, labelled.label, k);
    bool empty = false;
    for (PartId p = 0; p < k; ++p) empty = empty || (capacity[p] > 0 && weights[p] == 0);
    if (!empty) return 0;
    const WeightSum total = std::accumulate(weights.begin(), weights.end(), WeightSum(0));
    const double shares = std::accumulate(capacity.begin(), capacity.end(), 0.0);
    const GhostLayer ghosts = labelled.ghosts();
    std::map<PartId, ProcessorView> views; // built when a processor here first carves
    int seeded = 0;
    for (PartId fresh = 0; fresh < k; ++fresh) {
        if (capacity[fresh] <= 0 || weights[fresh] != 0) continue;
        PartId heaviest = -1;
        for (PartId p = 0; p < k; ++p)
            if (weights[p] > 0 &&
                (heaviest < 0 || load_ratio(weights[p], capacity[p]) >
                                     load_ratio(weights[heaviest], capacity[heaviest])))
                heaviest = p;
        if (heaviest < 0) break; // no weight anywhere
        WeightSum moved = 0;
        const int host = owner_of_part(heaviest, ranks);
        if (rank == host) {
            auto at = views.find(heaviest);
            if (at == views.end())
                at = views
                         .emplace(heaviest,
                                  processor_view(labelled.graph, labelled.label, ghosts, heaviest))
                         .first;
            ProcessorView& view = at->second;
            moved =
                carve_ball(view.graph, view.label, heaviest, fresh,
                           deepest_vertex(view.graph, view.label, heaviest),
                           WeightSum(double(total) * capacity[fresh] / shares), weights[heaviest]);
        }
        MPI_Bcast(&moved, 1, MPI_INT64_T, host, comm);
        weights[heaviest] -= moved;
        weights[fresh] += moved;
        ++seeded;
    }
    std::vector<PartId> next(labelled.label);
    for (const auto& [p, view] : views)
        for (VertexId i = 0; i < view.members(); ++i) next[view.member[i]] = view.label[i];
    labelled.move_to(next);
    return seeded;
}

// Each hosted processor's limit: (1 + tolerance) x its share of `total`.
std::vector<WeightSum> processor_limits(const std::vector<double>& capacity,
                                        const std::vector<PartId>& hosted, WeightSum total,
                                        double tolerance) {
    const double shares = std::accumulate(capacity.begin(), capacity.end(), 0.0);
    std::vector<WeightSum> limits;
    for (PartId p : hosted)
        limits.push_back(processor_limit(capacity[p], shares, total, tolerance));
    return limits;
}

struct FlowServing {
    bool moved = false;         // a processor of this rank moved vertices
    bool short_of_flow = false; // by a vertex or more on some link
    WeightSum requested = 0;    // the flows this rank's processors were asked to carry
    WeightSum carried = 0;      // and what they moved
};

// How the adjusters pick vertices: `heaviest` is the heaviest vertex weight (a flow short by
// less counts as served), and within a tolerance heavier vertices go first, as in the serial
// method, so that fewer vertices carry a flow.
struct AdjusterChoice {
    Weight heaviest;
    bool heaviest_first;
};

// What one processor's adjuster does in its wave: moves its members' labels in `next_label`.
// A retiring processor hands what the adjuster leaves it (at least one vertex: the adjuster
// never empties a part) to the neighbour it owes the most, so it ends empty in the same wave.
void serve_processor(const DistributedGraph& graph, const std::vector<PartId>& label,
                     const GhostLayer& ghosts, const HostedMembers& members,
                     const ProcessorLinks& links, std::size_t i, const std::vector<WeightSum>& flow,
                     PartId processors, bool retiring, AdjusterChoice choice,
                     std::vector<PartId>& next_label, FlowServing& serving) {
    const StageClock clock("workload adjuster");
    const PartId p = links.processors[i];
    ProcessorView view = processor_view(graph, label, ghosts, members, i, p);
    if (view.members() == 0) return;
    const Graph quotient = quotient_graph(view.graph, view.label, processors);
    std::vector<WeightSum> outflow(quotient.adjncy.size(), 0);
    WeightSum bordered = 0, total = 0;
    for (std::size_t l = links.first[i]; l < links.first[i + 1]; ++l)
        total += std::max<WeightSum>(flow[l], 0);
    const auto row = links.neighbour.begin();
    for (EdgeOffset e = quotient.xadj[p]; e < quotient.xadj[p + 1]; ++e) {
        const auto at =
            std::lower_bound(row + std::ptrdiff_t(links.first[i]),
                             row + std::ptrdiff_t(links.first[i + 1]), quotient.adjncy[e]);
        if (at == row + std::ptrdiff_t(links.first[i + 1]) || *at != quotient.adjncy[e]) continue;
        outflow[e] = flow[std::size_t(at - row)];
        bordered += std::max<WeightSum>(outflow[e], 0);
    }
    // A neighbour no longer bordering cannot be served this round.
    serving.short_of_flow = serving.short_of_flow || total - bordered >= choice.heaviest;
    const std::vector<gde::Transfer> transfers = gde::adjust_workload(
        view.graph, view.label, processors, quotient, outflow, {p}, {}, choice.heaviest_first);
    for (const gde::Transfer& t : transfers) {
        serving.requested += t.requested;
        serving.carried += t.moved_weight;
        serving.moved = serving.moved || t.moved_vertices > 0;
        serving.short_of_flow =
            serving.short_of_flow || (!retiring && t.requested - t.moved_weight >= choice.heaviest);
    }
    std::size_t owed_most = links.first[i + 1];
    for (std::size_t l = links.first[i]; l < links.first[i + 1]; ++l)
        if (flow[l] > 0 && (owed_most == links.first[i + 1] || flow[l] > flow[owed_most]))
            owed_most = l;
    if (retiring && owed_most < links.first[i + 1])
        for (VertexId j = 0; j < view.members(); ++j)
            if (view.label[j] == p) {
                view.label[j] = links.neighbour[owed_most];
                serving.moved = true;
            }
    for (VertexId j = 0; j < view.members(); ++j) next_label[view.member[j]] = view.label[j];
}

// Collective. Serves every processor's outflows in waves (see rebalance_with_gde); each wave
// with moves is one migration and one ghost refresh. A processor is ready when every
// neighbour with an inflow for it has served; when none is ready but some still have to serve
// (cyclic flows), all of those serve at once. `ghosts` is the current ghost layer.
FlowServing serve_flows(LabelledGraph& labelled, GhostLayer ghosts, const ProcessorLinks& links,
                        LinkExchange& exchange, const std::vector<WeightSum>& flow,
                        const std::vector<double>& capacity, AdjusterChoice choice) {
    const MPI_Comm comm = labelled.comm;
    const auto processors = PartId(capacity.size());
    FlowServing serving;
    const std::size_t count = links.processors.size();
    std::vector<char> served(count, 1);
    for (std::size_t l = 0; l < links.size(); ++l)
        if (flow[l] > 0) served[links.owner[l]] = 0;
    std::vector<int> heard(links.size(), 0); // the neighbour has served
    bool ghosts_current = true;
    for (;;) {
        std::vector<char> waiting(count, 0);
        for (std::size_t l = 0; l < links.size(); ++l)
            if (flow[l] < 0 && !heard[l]) waiting[links.owner[l]] = 1;
        bool unserved = false, unblocked = false;
        for (std::size_t i = 0; i < count; ++i) {
            unserved = unserved || !served[i];
            unblocked = unblocked || (!served[i] && !waiting[i]);
        }
        if (!any_rank(comm, unserved)) break;
        const bool cyclic = !any_rank(comm, unblocked); // then every unserved processor serves
        if (!ghosts_current) ghosts = labelled.ghosts();
        ghosts_current = true;
        // Every ready processor decides from the state before the wave.
        std::vector<PartId> next_label(labelled.label);
        const HostedMembers members =
            hosted_members(labelled.graph, labelled.label, links.processors);
        FlowServing wave;
        for (std::size_t i = 0; i < count; ++i) {
            if (served[i] || (waiting[i] && !cyclic)) continue;
            serve_processor(labelled.graph, labelled.label, ghosts, members, links, i, flow,
                            processors, capacity[links.processors[i]] <= 0, choice, next_label,
                            wave);
            served[i] = 1;
        }
        serving.moved = serving.moved || wave.moved;
        serving.short_of_flow = serving.short_of_flow || wave.short_of_flow;
        serving.requested += wave.requested;
        serving.carried += wave.carried;
        if (any_rank(comm, wave.moved)) {
            ghosts = {}; // stale; freed before the migration's buffers peak
            labelled.move_to(next_label);
            ghosts_current = false;
        }
        // Tell the neighbours of this round's network which processors have served.
        std::vector<int> mine(links.size());
        for (std::size_t l = 0; l < links.size(); ++l) mine[l] = served[links.owner[l]];
        heard = exchange.swap<int>(mine);
    }
    return serving;
}

// Collective. As in the serial method's first round: flow cycles are cancelled, then flow that
// passes through a processor between two that share a border goes straight across that
// border (gde::shortcut_transit), so the load crosses one border instead of two. The
// processor graph and its flows, a few links per processor, are gathered on every rank, which
// treats them alike. `flow`: per link of this rank's processors. Returns the flow taken off
// the two-border paths.
WeightSum shortcut_transit_everywhere(MPI_Comm comm, const ProcessorLinks& links, PartId k,
                                      std::vector<WeightSum>& flow) {
    struct LinkFlow {
        PartId from, to;
        WeightSum flow;
    };
    std::vector<LinkFlow> mine;
    for (std::size_t l = 0; l < links.size(); ++l)
        mine.push_back({links.processors[links.owner[l]], links.neighbour[l], flow[l]});
    std::vector<LinkFlow> all = all_gather_pieces<LinkFlow>(comm, mine);
    std::ranges::sort(all, {}, [](const LinkFlow& f) { return std::pair(f.from, f.to); });
    Graph network;
    network.xadj.assign(std::size_t(k) + 1, 0);
    std::vector<WeightSum> outflow;
    for (const LinkFlow& f : all) {
        ++network.xadj[std::size_t(f.from) + 1];
        network.adjncy.push_back(f.to);
        outflow.push_back(f.flow);
    }
    std::partial_sum(network.xadj.begin(), network.xadj.end(), network.xadj.begin());
    gde::eliminate_cycles(network, outflow);
    const WeightSum shortcut = gde::shortcut_transit(network, outflow);
    for (std::size_t l = 0; l < links.size(); ++l)
        flow[l] = outflow[std::size_t(
            gde::find_link(network, links.processors[links.owner[l]], links.neighbour[l]))];
    return shortcut;
}

// Each hosted processor's goal below its `limits` when the excess diffuses: the limit less the
// rounding stalls of a path as long as the network can be (tolerance_goal), at least the share
// of `total` itself. (Sent to the nearest room, the excess goes down to the limit itself.)
std::vector<WeightSum> diffusion_goals(const std::vector<double>& capacity,
                                       const std::vector<PartId>& hosted, WeightSum total,
                                       const std::vector<WeightSum>& limits) {
    const double shares = std::accumulate(capacity.begin(), capacity.end(), 0.0);
    std::vector<WeightSum> goals;
    for (std::size_t i = 0; i < hosted.size(); ++i) {
        const auto share = WeightSum(std::ceil(capacity[hosted[i]] / shares * double(total)));
        goals.push_back(gde::tolerance_goal(limits[i], share, int(capacity.size()), kLambda));
    }
    return goals;
}

// Balancing rounds (decision maker, then the adjuster in waves) until a round moves nothing
// or serves every flow within a vertex; within a tolerance, until every processor is within
// its limit. The excess goes to the nearest room (serial refine_with_gde's Migration goal)
// until a round carries less than half of what it asked (borders too thin for the few paths
// it takes), then diffuses over every border.
void balance_rounds(LabelledGraph& labelled, const std::vector<double>& capacity, int max_rounds,
                    Weight heaviest, double tolerance, DistributedGdeStats& stats) {
    const MPI_Comm comm = labelled.comm;
    const auto k = PartId(capacity.size());
    const std::vector<PartId> hosted = hosted_processors(comm, k);
    std::vector<double> hosted_capacity;
    for (PartId p : hosted) hosted_capacity.push_back(capacity[p]);
    bool nearest_room = tolerance > 0;
    for (int round = 0; round < max_rounds; ++round) {
        // Decision maker over the processor graph (3.1-3.2): flows to each neighbour.
        GhostLayer ghosts = labelled.ghosts();
        const ProcessorLinks links =
            processor_links(labelled.graph, labelled.label, ghosts, hosted);
        LinkExchange exchange(comm, links);
        const LinkColouring colouring = colour_links(comm, links, exchange);
        const std::vector<WeightSum> loads =
            processor_loads(labelled.graph, labelled.label, hosted);
        const WeightSum total =
            sum_over_ranks(comm, std::accumulate(loads.begin(), loads.end(), WeightSum(0)));
        // Within a tolerance each processor has a goal; the paper's balancing has none.
        std::vector<WeightSum> goals;
        if (tolerance > 0) {
            goals = processor_limits(capacity, hosted, total, tolerance);
            bool over = false;
            for (std::size_t i = 0; i < hosted.size(); ++i) over = over || loads[i] > goals[i];
            if (!any_rank(comm, over)) break;
            if (!nearest_room) goals = diffusion_goals(capacity, hosted, total, goals);
        }
        // A processor that does not terminate throws on its rank only: agree, so that the
        // other ranks fail with it instead of waiting in the next collective.
        const DistributedGdeResult flows = collectively(comm, [&] {
            return run_distributed_gde(links, exchange, colouring, loads, hosted_capacity, k,
                                       kLambda, goals, nearest_room);
        });
        stats.sweeps += max_over_ranks(comm, flows.sweeps);
        ++stats.rounds;
        std::vector<WeightSum> flow = flows.flow;
        if (tolerance > 0 && round == 0)
            stats.transit_shortcut = shortcut_transit_everywhere(comm, links, k, flow);

        // Workload adjuster (3.2, 6.2), in waves: a processor serves its outflows once every
        // neighbour that owes it load has served (the serial adjuster's DAG order, reached by
        // local messages), so that it forwards load it has received.
        const FlowServing serving = serve_flows(labelled, std::move(ghosts), links, exchange, flow,
                                                capacity, {heaviest, tolerance > 0});
        const bool moved = any_rank(comm, serving.moved);
        if (nearest_room &&
            2 * sum_over_ranks(comm, serving.carried) < sum_over_ranks(comm, serving.requested)) {
            nearest_room = false;
            if (!moved) continue;
        }
        if (!moved || (tolerance <= 0 && !any_rank(comm, serving.short_of_flow))) break;
    }
}

// Collective. What the adjuster left on retiring processors goes, whole, to the live
// neighbour processor sharing most edge weight with it (ties: lower id); a remnant touching
// only retiring processors waits for them to go first; when none can go that way, the rest go
// to the live processor lightest for its share. Returns the vertices handed over.
VertexId evacuate_retiring(LabelledGraph& labelled, const std::vector<double>& capacity) {
    const MPI_Comm comm = labelled.comm;
    const DistributedGraph& graph = labelled.graph;
    const std::vector<PartId>& label = labelled.label;
    const auto k = PartId(capacity.size());
    const std::vector<PartId> hosted = hosted_processors(comm, k);
    long long handed = 0;
    for (bool stuck = false;;) {
        const std::vector<WeightSum> weights = global_part_weights(comm, graph, label, k);
        bool left = false;
        for (PartId p = 0; p < k; ++p) left = left || (capacity[p] <= 0 && weights[p] > 0);
        if (!left) break;
        PartId lightest = -1;
        for (PartId p = 0; p < k; ++p)
            if (capacity[p] > 0 &&
                (lightest < 0 || load_ratio(weights[p], capacity[p]) <
                                     load_ratio(weights[lightest], capacity[lightest])))
                lightest = p;
        const ProcessorLinks links = processor_links(graph, label, labelled.ghosts(), hosted);
        std::vector<PartId> heir(hosted.size(), -1);
        for (std::size_t i = 0; i < hosted.size(); ++i) {
            if (capacity[hosted[i]] > 0) continue;
            std::size_t best = links.first[i + 1];
            for (std::size_t l = links.first[i]; l < links.first[i + 1]; ++l)
                if (capacity[links.neighbour[l]] > 0 &&
                    (best == links.first[i + 1] || links.border[l] > links.border[best]))
                    best = l;
            if (best < links.first[i + 1])
                heir[i] = links.neighbour[best];
            else if (stuck)
                heir[i] = lightest;
        }
        bool moved = false;
        std::vector<PartId> next(label);
        for (VertexId v = 0; v < graph.num_owned(); ++v) {
            const std::size_t i = std::size_t(
                std::lower_bound(hosted.begin(), hosted.end(), label[v]) - hosted.begin());
            if (heir[i] < 0) continue;
            next[v] = heir[i];
            ++handed;
            moved = true;
        }
        stuck = !any_rank(comm, moved);
        if (!stuck) labelled.move_to(next);
    }
    return VertexId(sum_over_ranks(comm, handed));
}

} // namespace

DistributedGdeStats rebalance_with_gde(LabelledGraph& labelled, const std::vector<double>& capacity,
                                       double tolerance, int max_rounds) {
    DistributedGdeStats stats;
    stats.seeded_parts = seed_empty_processors(labelled, capacity);
    const DistributedGraph& graph = labelled.graph;
    Weight heaviest_local = 1;
    for (VertexId v = 0; v < graph.num_owned(); ++v)
        heaviest_local = std::max(heaviest_local, graph.local.vertex_weight(v));
    const Weight heaviest = max_over_ranks(labelled.comm, heaviest_local);
    balance_rounds(labelled, capacity, max_rounds, heaviest, tolerance, stats);
    if (std::find(capacity.begin(), capacity.end(), 0.0) == capacity.end()) return stats;
    stats.evacuated = evacuate_retiring(labelled, capacity);
    // The remnants may have tipped their heirs over: balance once more among the live ones.
    if (stats.evacuated > 0)
        balance_rounds(labelled, capacity, max_rounds, heaviest, tolerance, stats);
    return stats;
}

} // namespace part::mpi
