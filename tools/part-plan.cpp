// part-plan: make, inspect, check and apply migration plans between two partitions.
#include <iostream>
#include <sstream>

#include "formats/atomic_output.hpp"
#include "formats/partition_file.hpp"
#include "formats/plan_file.hpp"
#include "tools/common/cli.hpp"
#include "tools/common/plan_report.hpp"

namespace {

using namespace part;

// A plan that does not fit the partitions is an input error naming the plan.
template <typename Body> auto naming_plan(const std::string& plan_path, Body body) {
    try {
        return body();
    } catch (const PlanError& e) {
        throw InputError(plan_path, 0, e.what());
    }
}

void emit(const std::string& text, const std::string& output) {
    if (output.empty())
        std::cout << text;
    else
        formats::write_file_atomically(output, text);
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app(
        "Make, inspect, check and apply migration plans: which vertices move from which old part "
        "to which "
        "new part. Plans are versioned files with a readable JSON head and a checksummed body.");
    tools::add_example(app,
                       "part-plan diff old.part new.part -o move.plan && part-plan show move.plan");
    tools::CommonOptions common;
    tools::add_common_options(app, common, true);
    app.require_subcommand(1);
    app.fallthrough();

    std::string old_path, new_path, plan_path;
    PartId old_parts = 0, new_parts = 0, max_columns = 32;
    auto* diff_cmd =
        app.add_subcommand("diff", "Plan taking OLD to NEW (new part q on rank q); writes -o PLAN");
    diff_cmd->add_option("OLD", old_path, "Old partition file")->required();
    diff_cmd->add_option("NEW", new_path, "New partition file")->required();
    diff_cmd
        ->add_option("--old-parts", old_parts,
                     "Old part count (default: from the name *.part.K or ids)")
        ->check(CLI::PositiveNumber);
    diff_cmd
        ->add_option("--new-parts", new_parts,
                     "New part count (default: from the name *.part.K or ids)")
        ->check(CLI::PositiveNumber);

    auto* show_cmd = app.add_subcommand("show", "Summary and old x new traffic matrix of a plan");
    show_cmd->add_option("PLAN", plan_path, "Plan file")->required();
    show_cmd->add_option("--max-columns", max_columns, "Widest traffic matrix printed")
        ->check(CLI::PositiveNumber);

    auto* verify_cmd = app.add_subcommand("verify", "Check that PLAN takes OLD exactly to NEW");
    verify_cmd->add_option("PLAN", plan_path, "Plan file")->required();
    verify_cmd->add_option("OLD", old_path, "Old partition file")->required();
    verify_cmd->add_option("NEW", new_path, "New partition file")->required();

    auto* apply_cmd = app.add_subcommand(
        "apply", "Apply PLAN to the old partition; writes the new partition to -o");
    apply_cmd->add_option("PLAN", plan_path, "Plan file")->required();
    apply_cmd->add_option("--partition", old_path, "Old partition file the plan was made from")
        ->required();

    return tools::run_tool(app, argc, argv, [&] {
        if (!common.output.empty())
            tools::ensure_not_an_input(common.output, {old_path, new_path, plan_path});
        if (diff_cmd->parsed()) {
            if (common.output.empty()) throw tools::UsageError("diff needs -o PLAN");
            const Partition old_p = formats::read_partition(old_path, -1, old_parts);
            const Partition new_p = formats::read_partition(new_path, -1, new_parts);
            if (old_p.part.size() != new_p.part.size())
                throw InputError(new_path, 0,
                                 "has " + std::to_string(new_p.part.size()) + " lines but " +
                                     old_path + " has " + std::to_string(old_p.part.size()) +
                                     ": both must cover the same vertices");
            const MigrationPlan plan = diff(old_p, new_p);
            formats::write_plan(common.output, plan);
            if (!common.quiet) {
                const PlanTraffic traffic = plan_traffic(plan);
                if (common.json)
                    std::cout << tools::traffic_json(plan, traffic).dump(2) << "\n";
                else
                    tools::print_traffic_summary(std::cout << "Wrote " << common.output << "\n",
                                                 plan, traffic);
            }
        } else if (show_cmd->parsed()) {
            const MigrationPlan plan = formats::read_plan(plan_path);
            const PlanTraffic traffic = plan_traffic(plan);
            std::ostringstream report;
            if (common.json) {
                report << tools::traffic_json(plan, traffic).dump(2) << "\n";
            } else {
                tools::print_traffic_summary(report, plan, traffic);
                tools::print_traffic_matrix(report, plan, traffic, max_columns);
            }
            emit(report.str(), common.output);
        } else if (verify_cmd->parsed()) {
            const MigrationPlan plan = formats::read_plan(plan_path);
            const Partition old_p =
                formats::read_partition(old_path, plan.num_vertices, plan.old_parts);
            const Partition new_p =
                formats::read_partition(new_path, plan.num_vertices, plan.new_parts);
            naming_plan(plan_path, [&] { verify_plan(plan, old_p, new_p); });
            if (!common.quiet)
                std::cout << "OK: " << plan_path << " takes " << old_path << " to " << new_path
                          << "\n";
        } else if (apply_cmd->parsed()) {
            if (common.output.empty()) throw tools::UsageError("apply needs -o NEW.part");
            const MigrationPlan plan = formats::read_plan(plan_path);
            const Partition old_p =
                formats::read_partition(old_path, plan.num_vertices, plan.old_parts);
            const auto new_part =
                naming_plan(plan_path, [&] { return apply_plan(plan, old_p.part); });
            formats::write_partition(common.output, new_part);
            if (!common.quiet) std::cout << "Wrote " << common.output << "\n";
        }
    });
}
