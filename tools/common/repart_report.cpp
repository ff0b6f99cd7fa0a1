#include "tools/common/repart_report.hpp"

#include <cmath>
#include <cstdint>
#include <iomanip>
#include <optional>
#include <ostream>

#include "tools/common/plan_report.hpp"
#include "tools/common/report.hpp"

namespace part::tools {

namespace {

// Infinite figures (no old step, never amortized) are JSON nulls.
nlohmann::json finite_or_null(double value) {
    return std::isinf(value) ? nlohmann::json(nullptr) : nlohmann::json(value);
}

nlohmann::json amortization_json(const Amortization& a) {
    return {{"old_step_seconds", finite_or_null(a.old_step)},
            {"new_step_seconds", a.new_step},
            {"remap_seconds", a.remap},
            {"mandatory", a.mandatory},
            {"pays_off", a.pays_off},
            {"steps", finite_or_null(a.steps)}};
}

void print_amortization(std::ostream& out, const Amortization& a) {
    out << std::defaultfloat << std::setprecision(4)
        << "Amortization (cost model: see docs/part-repart.md)\n";
    out << "  step time old / new   ";
    if (a.mandatory)
        out << "(old uses a leaving rank) / " << a.new_step << " s\n";
    else
        out << a.old_step << " / " << a.new_step << " s\n";
    out << "  remap time            " << a.remap << " s\n";
    out << "  amortized after       ";
    if (a.mandatory)
        out << "0 steps (mandatory: ranks are leaving)\n";
    else if (!a.pays_off)
        out << "never (the new partition is not faster)\n";
    else
        out << std::ceil(a.steps) << " steps\n";
}

// The controller's decision (Kaddoura & Ranka 1995, 3.5), with the figures it rests on.
nlohmann::json decision_json(const RemapDecision& d, const Amortization& candidate,
                             double seconds) {
    nlohmann::json j = {{"remap", d.remap}, {"horizon_steps", nullptr}, {"seconds", seconds}};
    if (d.horizon) j["horizon_steps"] = *d.horizon;
    if (d.fold_cost) {
        j["fold"] = d.fold;
        j["fold_cost_seconds"] = *d.fold_cost;
        j["remap_cost_seconds"] = *d.remap_cost;
    }
    j["reason"] = !d.horizon ? "no --horizon: remap unconditionally"
                  : d.fold   ? "ranks are leaving: folding their parts onto the staying ranks "
                               "costs less over the horizon than the candidate"
                  : d.forced ? "mandatory: ranks are leaving or parts retire"
                  : d.remap  ? "amortized within the horizon"
                  : candidate.pays_off ? "not amortized within the horizon: old partition kept"
                                       : "the candidate is not faster: old partition kept";
    return j;
}

void print_decision(std::ostream& out, const RemapDecision& d, const Amortization& candidate) {
    if (!d.horizon) return;
    out << std::defaultfloat << std::setprecision(4) << "Decision (horizon " << *d.horizon
        << " steps): ";
    if (d.fold)
        out << "fold the leaving ranks' parts whole onto the staying ranks: " << *d.fold_cost
            << " s over the horizon (remap + steps) against the candidate's " << *d.remap_cost
            << " s\n";
    else if (d.fold_cost)
        out << "remap: " << *d.remap_cost << " s over the horizon (remap + steps) against "
            << *d.fold_cost << " s for folding the leaving ranks' parts onto the staying ones\n";
    else if (d.forced)
        out << "remap (mandatory: ranks are leaving or parts retire)\n";
    else if (d.remap)
        out << "remap: " << candidate.remap << " s of remap <= " << *d.horizon << " x "
            << candidate.saved_per_step << " s saved per step\n";
    else if (!candidate.pays_off)
        out << "keep the old partition: the candidate is not faster (step " << candidate.new_step
            << " s vs " << candidate.old_step << " s); nothing moves\n";
    else
        out << "keep the old partition: " << candidate.remap << " s of remap > " << *d.horizon
            << " x " << candidate.saved_per_step << " s saved per step (amortized after "
            << std::ceil(candidate.steps) << " steps); nothing moves\n";
}

// interval: what arranging the parts along the line, then relabelling the intervals, saved.
void print_interval_savings(std::ostream& out, const RepartOutcome& outcome) {
    std::optional<double> identity, unrelabelled, arranged;
    for (const auto& [name, value] : outcome.details) {
        if (name == "identity_moved_size") identity = value;
        if (name == "unrelabelled_moved_size") unrelabelled = value;
        if (name == "arrangement_moved_size") arranged = value;
    }
    if (!identity || !unrelabelled || !arranged) return;
    out << "  arrangement saved     " << std::int64_t(*identity - *unrelabelled)
        << " moved size (parts in logical order: " << std::int64_t(*identity) << ")\n";
    out << "  relabelling saved     " << std::int64_t(*unrelabelled - *arranged) << " moved size\n";
}

} // namespace

std::string written_files(const std::string& partition_path, const std::string& plan_path) {
    return plan_path.empty() ? partition_path : partition_path + " and " + plan_path;
}

nlohmann::json repart_json(const RepartOutcome& outcome, bool verbose) {
    nlohmann::json report;
    report["method"] = outcome.method;
    report["output"] = outcome.output;
    report["plan"] =
        outcome.plan_path.empty() ? nlohmann::json(nullptr) : nlohmann::json(outcome.plan_path);
    report["migration"] = traffic_json(outcome.plan, outcome.traffic);
    if (!verbose) report["migration"].erase("traffic");
    for (const auto& [name, value] : outcome.details) report["details"][name] = value;
    if (outcome.candidate) {
        report["amortization"] = amortization_json(*outcome.candidate);
        if (outcome.decision.horizon)
            report["decision"] =
                decision_json(outcome.decision, *outcome.candidate, outcome.decision_seconds);
    }
    return report;
}

void print_repart_migration(std::ostream& out, const RepartOutcome& outcome) {
    out << "Migration: ";
    print_traffic_summary(out, outcome.plan, outcome.traffic);
    print_interval_savings(out, outcome);
    if (!outcome.candidate) return;
    print_amortization(out, *outcome.candidate);
    print_decision(out, outcome.decision, *outcome.candidate);
}

void report_repart(std::ostream& out, const CommonOptions& common, const std::string& method,
                   const std::string& plan_path, const PartitionMetrics& metrics,
                   const JudgedRepart& judged) {
    const RepartOutcome outcome{method,
                                common.output,
                                plan_path,
                                judged.plan,
                                judged.traffic,
                                judged.result.details,
                                &judged.candidate,
                                judged.decision,
                                judged.decision_seconds};
    if (common.json) {
        nlohmann::json report = repart_json(outcome, common.verbose);
        report["metrics"] = metrics_json(metrics);
        out << report.dump(2) << "\n";
    } else {
        out << "Wrote " << written_files(common.output, plan_path) << " (method " << method
            << ")\n";
        print_metrics_table(out, metrics);
        print_repart_migration(out, outcome);
    }
}

} // namespace part::tools
