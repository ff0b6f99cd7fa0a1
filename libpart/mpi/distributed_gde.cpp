#include "libpart/mpi/distributed_gde.hpp"

#include <algorithm>
#include <string>

#include "libpart/core/error.hpp"
#include "libpart/mpi/exchange.hpp"

namespace part::mpi {

DistributedGdeResult run_distributed_gde(const ProcessorLinks& links, LinkExchange& exchange,
                                         const LinkColouring& colouring,
                                         std::span<const WeightSum> loads,
                                         std::span<const double> capacities, PartId processors,
                                         double lambda, std::span<const WeightSum> goals,
                                         bool nearest_room, int max_sweeps) {
    const StageClock clock("decision maker");
    const std::size_t count = links.processors.size();
    const gde::GdeParameters parameters{lambda, colouring.num_colours, std::max(processors, 1),
                                        nearest_room, processors};
    std::vector<gde::GdeProcessor> running;
    running.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        std::vector<gde::GdeLink> own;
        for (std::size_t l = links.first[i]; l < links.first[i + 1]; ++l)
            own.push_back({VertexId(links.neighbour[l]), colouring.colour[l]});
        running.emplace_back(VertexId(links.processors[i]), loads[i], capacities[i], std::move(own),
                             parameters, goals.empty() ? gde::kFullBalance : goals[i]);
    }
    auto all_finished = [&] {
        return std::all_of(running.begin(), running.end(),
                           [](const gde::GdeProcessor& processor) { return processor.finished(); });
    };
    std::vector<gde::GdeMessage> out(links.size());
    std::vector<char> active(links.size(), 0);
    int sweeps = 0;
    for (int sweep = 1; !all_finished(); ++sweep) {
        if (sweep > max_sweeps)
            throw Error("GDE did not terminate within " + std::to_string(max_sweeps) + " sweeps");
        for (int c = 0; c < colouring.num_colours; ++c) {
            // A processor has one link per colour; both ends agree on whether it is live.
            bool any = false;
            for (std::size_t l = 0; l < links.size(); ++l) {
                const gde::GdeProcessor& processor = running[links.owner[l]];
                active[l] = colouring.colour[l] == c && processor.partner(c) == links.neighbour[l];
                if (active[l]) out[l] = processor.message();
                any = any || active[l];
            }
            const std::vector<gde::GdeMessage> in = exchange.swap<gde::GdeMessage>(out, active);
            if (!any) continue;
            for (std::size_t l = 0; l < links.size(); ++l)
                if (active[l]) running[links.owner[l]].exchange(c, in[l]);
        }
        for (auto& processor : running)
            if (!processor.finished()) processor.end_sweep();
        sweeps = sweep;
    }
    DistributedGdeResult result;
    result.sweeps = sweeps;
    for (const auto& processor : running) {
        result.load.push_back(processor.load());
        result.flow.insert(result.flow.end(), processor.flow_trace().begin(),
                           processor.flow_trace().end());
    }
    return result;
}

} // namespace part::mpi
