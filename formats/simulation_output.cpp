#include "formats/simulation_output.hpp"

#include "formats/line_plot_file.hpp"
#include "formats/svg_plot.hpp"
#include "formats/text_output.hpp"
#include "libpart/core/error.hpp"

namespace part::formats {

namespace {

std::string simulation_csv(const std::vector<SimulationRun>& runs) {
    std::string out =
        "policy,step,time,max_load,mean_load,imbalance,communication,remapped,moved,remap_cost\n";
    for (const SimulationRun& run : runs)
        for (std::size_t t = 0; t < run.steps.size(); ++t) {
            const SimulatedStep& s = run.steps[t];
            out += run.policy;
            out += ',';
            append_number(out, std::int64_t(t + 1));
            for (double value : {s.time, s.max_load, s.mean_load, s.imbalance(), s.communication}) {
                out += ',';
                append_number(out, value);
            }
            out += s.remapped ? ",1," : ",0,";
            append_number(out, std::int64_t(s.moved));
            out += ',';
            append_number(out, s.remap_cost);
            out += '\n';
        }
    return out;
}

std::vector<PlotPanel> simulation_plot_panels(const std::vector<SimulationRun>& runs) {
    PlotPanel time{"time per step (compute + communication; remap cost not included)", {}};
    PlotPanel balance{"imbalance (max load / mean load)", {}};
    for (const SimulationRun& run : runs) {
        PlotSeries t{run.policy, {}}, b{run.policy, {}};
        for (const SimulatedStep& s : run.steps) {
            t.values.push_back(s.time);
            b.values.push_back(s.imbalance());
        }
        time.series.push_back(std::move(t));
        balance.series.push_back(std::move(b));
    }
    return {time, balance};
}

} // namespace

SimulationOutputs::SimulationOutputs(const std::string& csv_path, const std::string& plot_path) {
    if (!plot_path.empty()) {
        check_plot_path(plot_path);
        plot_.emplace(plot_path);
    }
    if (!csv_path.empty()) csv_.emplace(csv_path);
}

void SimulationOutputs::write(const std::vector<SimulationRun>& runs) {
    if (csv_) csv_->write(simulation_csv(runs));
    if (plot_) plot_->write(svg_line_plot(simulation_plot_panels(runs), "step"));
    if (csv_) csv_->commit();
    if (plot_) plot_->commit();
}

} // namespace part::formats
