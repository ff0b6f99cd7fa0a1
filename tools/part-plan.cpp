// part-plan: make, inspect, check and apply migration plans between two partitions.
#include <filesystem>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "formats/partition_file.hpp"
#include "formats/plan_file.hpp"
#include "formats/plan_partitions.hpp"
#include "formats/pvtu_migration.hpp"
#include "tools/common/cli.hpp"
#include "tools/common/plan_report.hpp"
#include "tools/common/report.hpp"

namespace {

using namespace part;

void apply_to_dataset(const std::string& plan_path, const std::string& dataset_path,
                      int ghost_layers, const tools::CommonOptions& common) {
    if (common.output.empty()) throw tools::UsageError("apply --dataset needs -o NEW.pvtu");
    tools::ensure_file_output(common.output, "-o", tools::kPvtuFiles);
    if (std::filesystem::path(common.output).extension() != ".pvtu")
        throw tools::UsageError("apply --dataset needs -o NEW.pvtu");
    const MigrationPlan plan = formats::read_plan(plan_path);
    const formats::PvtuMigrationFiles files =
        formats::pvtu_migration_files(plan, plan_path, dataset_path, common.output);
    tools::ensure_output_usable(common.output, files.inputs);
    for (const auto& piece : files.touched) tools::ensure_output_usable(piece, files.inputs);
    const formats::PvtuMigrationReport report =
        formats::migrate_pvtu(plan, plan_path, dataset_path, common.output, ghost_layers);
    tools::print_pvtu_migration(tools::report_stream(common, {}), plan, report, common.output,
                                common.json);
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app("Make, inspect, check and apply migration plans: which vertices move from which "
                 "old part to which new part. Plans are versioned files with a readable JSON head "
                 "and a checksummed body.");
    tools::add_example(app,
                       "part-plan diff old.part new.part -o move.plan && part-plan show move.plan "
                       "&& part-plan apply move.plan --dataset old.pvtu -o new.pvtu");
    tools::CommonOptions common;
    tools::add_common_options(app, common, {});
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

    std::string dataset_path;
    int ghost_layers = 0;
    auto* apply_cmd = app.add_subcommand(
        "apply", "Apply PLAN to the old partition (--partition, writes the new partition to -o) or "
                 "to a partitioned dataset (--dataset OLD.pvtu, writes -o NEW.pvtu: a file, not "
                 "'-'; an existing NEW.pvtu is replaced all-or-nothing, its stale pieces removed)");
    apply_cmd->add_option("PLAN", plan_path, "Plan file")->required();
    auto* partition_opt =
        apply_cmd->add_option("--partition", old_path, "Old partition file the plan was made from");
    auto* dataset_opt = apply_cmd->add_option(
        "--dataset", dataset_path,
        "Old .pvtu with one piece per old part (as part-convert --split writes)");
    partition_opt->excludes(dataset_opt);
    apply_cmd
        ->add_option("--ghost-layers", ghost_layers,
                     "With --dataset: ghost cell layers per new piece, marked vtkGhostType")
        ->check(CLI::Range(0, 8))
        ->needs(dataset_opt);

    return tools::run_tool(app, argc, argv, [&] {
        tools::ensure_output_usable(common.output, {old_path, new_path, plan_path});
        if (apply_cmd->parsed() && old_path.empty() && dataset_path.empty())
            throw tools::UsageError("apply needs --partition OLD.part or --dataset OLD.pvtu");
        if (diff_cmd->parsed()) {
            if (common.output.empty()) throw tools::UsageError("diff needs -o PLAN");
            const Partition old_p = formats::read_partition(old_path, -1, old_parts);
            const Partition new_p = formats::read_partition(new_path, -1, new_parts);
            if (!old_p.part.empty()) { // an empty one is diff_partitions' to report
                tools::ensure_parts_fit(old_parts, std::int64_t(old_p.part.size()), "--old-parts");
                tools::ensure_parts_fit(new_parts, std::int64_t(new_p.part.size()), "--new-parts");
            }
            const MigrationPlan plan = formats::diff_partitions(old_p, old_path, new_p, new_path);
            formats::write_plan(common.output, plan);
            const PlanTraffic traffic = plan_traffic(plan);
            std::ostream& out = tools::report_stream(common, {common.output});
            if (common.json)
                out << tools::traffic_json(plan, traffic).dump(2) << "\n";
            else
                tools::print_traffic_summary(out << "Wrote " << common.output << "\n", plan,
                                             traffic);
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
            tools::write_report(report.str(), common);
        } else if (verify_cmd->parsed()) {
            formats::verify_plan_files(plan_path, old_path, new_path);
            std::ostream& out = tools::report_stream(common, {});
            if (common.json)
                out << nlohmann::json{{"plan", plan_path},
                                      {"old", old_path},
                                      {"new", new_path},
                                      {"ok", true}}
                           .dump(2)
                    << "\n";
            else
                out << "OK: " << plan_path << " takes " << old_path << " to " << new_path << "\n";
        } else if (apply_cmd->parsed() && !dataset_path.empty()) {
            apply_to_dataset(plan_path, dataset_path, ghost_layers, common);
        } else if (apply_cmd->parsed()) {
            if (common.output.empty()) throw tools::UsageError("apply needs -o NEW.part");
            const auto new_part = formats::apply_plan_file(plan_path, old_path);
            formats::write_partition(common.output, new_part);
            tools::report_stream(common, {common.output}) << "Wrote " << common.output << "\n";
        }
    });
}
