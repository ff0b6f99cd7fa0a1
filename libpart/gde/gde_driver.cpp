#include "libpart/gde/gde_driver.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>

namespace part::gde {

double optimal_lambda(int k) {
    return k < 2 ? 0.5 : 1.0 / (1.0 + std::sin(std::numbers::pi / k));
}

namespace {

// Links (lo, hi) of each colour, lo < hi, in adjacency order.
std::vector<std::vector<std::pair<VertexId, VertexId>>>
links_by_colour(const Graph& g, const EdgeColouring& colouring) {
    std::vector<std::vector<std::pair<VertexId, VertexId>>> by_colour(
        std::size_t(colouring.num_colours));
    for (VertexId v = 0; v < g.num_vertices(); ++v)
        for (EdgeOffset e = g.xadj[v]; e < g.xadj[v + 1]; ++e)
            if (v < g.adjncy[e]) by_colour[colouring.colour[e]].emplace_back(v, g.adjncy[e]);
    return by_colour;
}

} // namespace

int information_sweeps(const Graph& g, const EdgeColouring& colouring) {
    const std::size_t n = std::size_t(g.num_vertices()), words = (n + 63) / 64;
    // known[v] is the set of processors whose news has reached v, as a bitset.
    std::vector<std::uint64_t> known(n * words, 0);
    for (std::size_t v = 0; v < n; ++v) known[v * words + v / 64] |= std::uint64_t(1) << (v % 64);
    const auto by_colour = links_by_colour(g, colouring);
    int last_useful = 0;
    for (int sweep = 1;; ++sweep) {
        bool changed = false;
        for (const auto& links : by_colour)
            for (auto [a, b] : links)
                for (std::size_t w = 0; w < words; ++w) {
                    std::uint64_t& x = known[std::size_t(a) * words + w];
                    std::uint64_t& y = known[std::size_t(b) * words + w];
                    const std::uint64_t both = x | y;
                    if (both != x || both != y) changed = true;
                    x = y = both;
                }
        if (!changed) return last_useful;
        last_useful = sweep;
    }
}

int termination_delta(const Graph& network, const EdgeColouring& colouring) {
    return information_sweeps(network, colouring) + 1;
}

GdeRun run_gde(const Graph& g, const EdgeColouring& colouring, const std::vector<WeightSum>& loads,
               const std::vector<double>& capacities, double lambda, int max_sweeps,
               const std::vector<WeightSum>& goals, bool nearest_room) {
    const VertexId n = g.num_vertices();
    if (loads.size() != std::size_t(n) ||
        (!capacities.empty() && capacities.size() != std::size_t(n)) ||
        (!goals.empty() && goals.size() != std::size_t(n)))
        throw InvalidArgument("GDE needs one load (and capacity and goal) per processor");
    GdeRun run;
    run.lambda = lambda;
    run.num_colours = colouring.num_colours;
    run.delta = termination_delta(g, colouring);
    const GdeParameters parameters{lambda, colouring.num_colours, run.delta, nearest_room, int(n)};

    std::vector<GdeProcessor> processors;
    processors.reserve(std::size_t(n));
    for (VertexId v = 0; v < n; ++v) {
        std::vector<GdeLink> links;
        for (EdgeOffset e = g.xadj[v]; e < g.xadj[v + 1]; ++e)
            links.push_back({g.adjncy[e], colouring.colour[e]});
        processors.emplace_back(v, loads[v], capacities.empty() ? 1.0 : capacities[v],
                                std::move(links), parameters,
                                goals.empty() ? kFullBalance : goals[v]);
    }
    const auto by_colour = links_by_colour(g, colouring);
    run.stop_sweep.assign(std::size_t(n), 0);
    for (int sweep = 1;; ++sweep) {
        if (sweep > max_sweeps)
            throw Error("GDE did not terminate within " + std::to_string(max_sweeps) +
                        " sweeps; try another --lambda or network");
        bool running = false;
        for (int c = 0; c < colouring.num_colours; ++c)
            for (auto [a, b] : by_colour[c]) {
                GdeProcessor &pa = processors[a], &pb = processors[b];
                const bool a_sends = pa.partner(c) == b, b_sends = pb.partner(c) == a;
                if (a_sends != b_sends) throw Error("GDE processors disagree about a link");
                if (!a_sends) continue;
                const GdeMessage ma = pa.message(), mb = pb.message();
                pa.exchange(c, mb);
                pb.exchange(c, ma);
            }
        bool changed = false;
        for (VertexId v = 0; v < n; ++v) {
            GdeProcessor& p = processors[v];
            if (p.finished()) continue;
            p.end_sweep();
            changed = changed || p.changed_last_sweep();
            if (p.finished()) run.stop_sweep[v] = sweep;
            running = running || !p.finished();
        }
        if (changed) run.last_change_sweep = sweep;
        if (!running) {
            run.sweeps = sweep;
            break;
        }
    }
    run.loads.resize(std::size_t(n));
    run.link_outflow.assign(g.adjncy.size(), 0);
    for (VertexId v = 0; v < n; ++v) {
        run.loads[v] = processors[v].load();
        const auto& trace = processors[v].flow_trace();
        for (std::size_t l = 0; l < trace.size(); ++l)
            run.link_outflow[g.xadj[v] + EdgeOffset(l)] = trace[l];
    }
    return run;
}

} // namespace part::gde
