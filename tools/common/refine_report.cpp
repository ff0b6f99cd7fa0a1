#include "tools/common/refine_report.hpp"

#include <iomanip>
#include <ostream>
#include <string>

#include "tools/common/report.hpp"

namespace part::gde {
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Transfer, from, to, requested, moved_weight, moved_vertices)
} // namespace part::gde

namespace part::tools {

namespace {

nlohmann::json round_json(const gde::RefineRound& round) {
    nlohmann::json links = nlohmann::json::array();
    for (const auto& l : round.routed.links)
        links.push_back({{"from_processor", l.from_processor},
                         {"to_processor", l.to_processor},
                         {"from_part", l.from},
                         {"to_part", l.to},
                         {"amount", l.amount},
                         {"route", l.route}});
    return {{"sweeps", round.gde.sweeps},
            {"link_flows", std::move(links)},
            {"unroutable_flow", round.routed.unroutable},
            {"cycle_flow_removed", round.cycle_flow_removed},
            {"transfers", round.transfers}};
}

int total_sweeps(const gde::RefineResult& r) {
    int sweeps = 0;
    for (const auto& round : r.rounds) sweeps += round.gde.sweeps;
    return sweeps;
}

void print_round(std::ostream& out, std::size_t index, const gde::RefineRound& round,
                 bool verbose) {
    std::size_t derouted = 0;
    for (const auto& l : round.routed.links) derouted += l.route.size() > 2;
    out << "round " << index + 1 << ": " << round.gde.sweeps << " sweeps, "
        << round.routed.links.size() << " links carry load, " << derouted << " derouted";
    if (round.routed.unroutable > 0)
        out << ", " << round.routed.unroutable << " between parts no border joins (moved directly)";
    out << ", cyclic flow removed " << round.cycle_flow_removed << "\n";
    const bool all = verbose || round.routed.links.size() <= 32;
    for (std::size_t i = 0; i < round.routed.links.size() && all; ++i) {
        const auto& l = round.routed.links[i];
        out << "  link " << l.from_processor << " -> " << l.to_processor << " (part " << l.from
            << " -> " << l.to << "): " << l.amount;
        if (l.route.size() > 2) {
            out << "  derouted via parts";
            for (PartId p : l.route) out << " " << p;
        }
        out << "\n";
    }
    if (!all) out << "  (-v lists all links)\n";
    for (const auto& t : round.transfers)
        if (all)
            out << "  moved part " << t.from << " -> " << t.to << ": " << t.moved_weight << " of "
                << t.requested << " (" << t.moved_vertices << " vertices)\n";
}

} // namespace

void to_json(nlohmann::json& json, const RefineReport& report) {
    const gde::RefineResult& r = report.result;
    const gde::GdeRun& gde = r.rounds.front().gde;
    nlohmann::json rounds = nlohmann::json::array();
    for (const auto& round : r.rounds) rounds.push_back(round_json(round));
    json = {{"output", report.output},
            {"network", r.network_name},
            {"processors", gde.loads.size()},
            {"processor_of_part", r.map.processor_of},
            {"colours", gde.num_colours},
            {"delta", gde.delta},
            {"lambda", gde.lambda},
            {"sweeps", total_sweeps(r)},
            {"rounds", rounds},
            {"fragments",
             {{"moved", r.fragments.fragments_moved},
              {"vertices", r.fragments.vertices_moved},
              {"cut_reduction", r.fragments.cut_reduction},
              {"left", r.fragments.fragments_left},
              {"dropped", r.fragments_dropped}}},
            {"polish",
             {{"moves", r.polish.moves},
              {"cut_reduction", r.polish.cut_reduction},
              {"passes", r.polish.passes},
              {"band_vertices", r.band.band_vertices},
              {"levels", r.band.levels}}},
            {"vertices_moved", r.vertices_moved},
            {"weight_moved", r.weight_moved},
            {"before", metrics_json(report.before)},
            {"after", metrics_json(report.after)}};
}

void print_text(std::ostream& out, const RefineReport& report, bool verbose) {
    const gde::RefineResult& r = report.result;
    const PartitionMetrics &before = report.before, &after = report.after;
    const gde::GdeRun& gde = r.rounds.front().gde;
    out << "Wrote " << report.output << "\n";
    out << "GDE on " << r.network_name << " (" << gde.loads.size() << " processors, "
        << gde.num_colours << " colours, delta " << gde.delta << "), lambda "
        << std::setprecision(4) << gde.lambda << ": " << total_sweeps(r) << " sweeps in "
        << r.rounds.size() << " round(s)\n";
    if (r.fragments.fragments_moved > 0)
        out << "fragments: " << r.fragments.fragments_moved << " moved whole ("
            << r.fragments.vertices_moved << " vertices), cut -" << r.fragments.cut_reduction
            << "\n";
    if (r.fragments_dropped)
        out << "fragments: moving them whole left an imbalance GDE could not remove; kept\n";
    for (std::size_t i = 0; i < r.rounds.size(); ++i) print_round(out, i, r.rounds[i], verbose);
    out << "polish: " << r.polish.moves << " moves, cut -" << r.polish.cut_reduction;
    if (r.band.levels > 0)
        out << " (band of " << r.band.band_vertices << " vertices, " << r.band.levels << " levels)";
    out << "\n";
    // Columns at least 12 wide, and wider than the longest number (cuts of 1e12 and more).
    int width = 12;
    for (const PartitionMetrics* m : {&before, &after})
        for (long long value : {m->edge_cut, m->communication_volume})
            width = std::max(width, int(std::to_string(value).size()) + 2);
    auto row = [&out, width](const char* name) -> std::ostream& {
        return out << "  " << std::left << std::setw(22) << name << std::right << std::setw(width);
    };
    out << "  " << std::setw(22) << "" << std::setw(width) << "before" << std::setw(width)
        << "after"
        << "\n";
    row("edge cut") << before.edge_cut << std::setw(width) << after.edge_cut << "\n";
    row("communication volume") << before.communication_volume << std::setw(width)
                                << after.communication_volume << "\n";
    row("imbalance") << std::fixed << std::setprecision(3) << before.imbalance[0]
                     << std::setw(width) << after.imbalance[0] << "\n";
    row("disconnected parts") << before.disconnected_parts << std::setw(width)
                              << after.disconnected_parts << "\n";
    out << "vertices moved: " << r.vertices_moved << " (weight " << r.weight_moved << ")\n";
}

void warn_of_empty_parts_on_quotient(std::ostream& err, PartId empty_parts) {
    if (empty_parts > 0)
        err << "warning: " << empty_parts
            << " part(s) stay empty: on the quotient graph (the default network) an empty part has "
               "no neighbour to receive load from; give a --network (e.g. mesh:RxC) to fill them\n";
}

} // namespace part::tools
