#include "tools/common/mpi/part_repart.hpp"

#include <iomanip>
#include <ostream>

#include "formats/pvtu_migration.hpp"
#include "libpart/mpi/exchange.hpp"
#include "tools/common/repart_report.hpp"

namespace part::tools {

namespace {

// A .pvtu GRAPH runs distributed only (one piece per rank), with interval, gde or adaptive; no
// output may overwrite the dataset or its pieces (outputs: -o, --plan, --pvtu).
void check_pvtu_usage(const formats::mpi::DistributedRepartOptions& o,
                      const std::string& partition_path, bool under_mpirun, int ranks) {
    if (!under_mpirun)
        throw UsageError(
            o.graph_path +
            " is read in parallel: run mpirun -np N part-repart with N = its number of pieces");
    if (o.method != "interval" && o.method != "gde" && o.method != "adaptive")
        throw UsageError("a .pvtu GRAPH takes --method interval, gde or adaptive");
    if (!o.coords_path.empty()) throw UsageError("--coords: a .pvtu GRAPH has the cell centroids");
    const std::vector<std::string> inputs = formats::pvtu_files(o.graph_path);
    for (const std::string& output : {partition_path, o.plan_path, o.pvtu_output})
        ensure_output_usable(output, inputs);
    const std::string& pvtu_output = o.pvtu_output;
    if (pvtu_output.empty()) return;
    ensure_file_output(pvtu_output, "--pvtu", kPvtuFiles);
    if (!formats::mpi::is_pvtu(pvtu_output))
        throw UsageError("--pvtu must name a .pvtu file, not '" + pvtu_output + "'");
    const PartId pieces = std::max<PartId>(o.new_parts, PartId(ranks));
    for (const auto& piece : formats::mpi::distributed_pvtu_files_touched(pvtu_output, pieces))
        ensure_output_usable(piece, inputs);
}

nlohmann::json dataset_json(const std::string& path, const formats::mpi::PvtuOutputReport& d) {
    return {{"output", path},
            {"cells", d.cells},
            {"points", d.points},
            {"piece_cells", d.piece_cells},
            {"written", d.written}};
}

} // namespace

void check_repart_options(const formats::mpi::DistributedRepartOptions& o,
                          const CommonOptions& common, bool parts_given, bool under_mpirun,
                          int ranks) {
    if (common.output.empty()) throw UsageError("-o NEW.part is required");
    const std::vector<std::string> inputs{o.graph_path, o.old_path, o.targets_path, o.order_path,
                                          o.coords_path};
    ensure_output_usable(common.output, inputs);
    ensure_output_usable(o.plan_path, inputs);
    if (o.plan_path == common.output) throw UsageError("-o and --plan name the same file");
    ensure_one_standard_output({common.output, o.plan_path});
    if (parts_given && o.new_parts < 1)
        throw UsageError("-k " + std::to_string(o.new_parts) +
                         ": the new part count must be at least 1");
    validate(o.controller.model);
    if (formats::mpi::is_pvtu(o.graph_path))
        check_pvtu_usage(o, common.output, under_mpirun, ranks);
    else if (o.old_path.empty())
        throw UsageError("OLD is required (the old partition of GRAPH): part-repart GRAPH OLD");
    else if (!o.pvtu_output.empty() || !o.pvtu.weight_field.empty() || !o.pvtu.size_field.empty() ||
             o.pvtu.weight_scale > 0)
        throw UsageError("--pvtu, --weight-field, --size-field and --weight-scale need a .pvtu "
                         "GRAPH");
    if (o.ghost_layers > 0 && o.pvtu_output.empty())
        throw UsageError("--ghost-layers needs --pvtu");
    if (o.method == "hier" && (o.request.scheme.empty() || o.coords_path.empty()))
        throw UsageError("--method hier needs --scheme, the old partition's scheme (part-partition "
                         "--method hier reports it), and --coords");
    if (o.method != "hier" && !o.request.scheme.empty())
        throw UsageError("--scheme applies to --method hier");
}

void check_distributed_input(const formats::mpi::DistributedRepartJob& job) {
    if (const VertexId n = job.vertices(); n > 0) {
        ensure_parts_fit(job.options().old_parts, n, "--old-parts");
        ensure_parts_fit(job.new_parts(), n);
    }
    if (job.options().method == "gde" && job.options().controller.horizon)
        throw UsageError("--horizon: the distributed gde moves vertices while it balances, so no "
                         "candidate can be judged before data moves; use --method interval (the "
                         "controller decides) or run part-repart serially");
    if (job.options().method == "adaptive" && job.options().controller.horizon)
        throw UsageError("--horizon: the distributed adaptive method does not judge its result; "
                         "give --migration-cost, use --method interval (the controller decides) "
                         "or run part-repart serially");
    if (job.options().method == "adaptive" && job.new_parts() != job.old_parts())
        throw UsageError("-k " + std::to_string(job.new_parts()) +
                         ": the distributed adaptive method keeps the part count (" +
                         std::to_string(job.old_parts()) +
                         "); change it with --method gde, or give --old-parts so that adaptive "
                         "runs serially on rank 0");
}

void check_dataset_outputs(const formats::mpi::DistributedRepartJob& job) {
    for (const auto& path : job.dataset_files())
        ensure_output_usable(path, formats::pvtu_files(job.options().graph_path));
}

void report_distributed_repart(std::ostream& out, const CommonOptions& common,
                               const formats::mpi::DistributedRepartJob& job) {
    const formats::mpi::DistributedRepartOptions& options = job.options();
    const part::mpi::DistributedRepartResult& result = job.result();
    const auto [sent_total, sent_most] = job.bytes_sent();
    const bool interval = options.method == "interval";
    const RepartOutcome outcome{options.method,
                                options.partition_path,
                                options.plan_path,
                                result.plan.outline,
                                result.plan.traffic,
                                result.details,
                                result.candidate ? &*result.candidate : nullptr,
                                result.decision,
                                result.decision_seconds};
    if (common.json) {
        nlohmann::json report = repart_json(outcome, common.verbose);
        report["distributed"] = {{"ranks", job.ranks()},
                                 {"bytes_sent", sent_total},
                                 {"max_bytes_sent_by_a_rank", sent_most}};
        if (interval) report["distributed"]["controller_rank"] = 0;
        report["edge_cut"] = result.edge_cut;
        report["imbalance"] = result.imbalance;
        report["part_weights"] = result.part_weights;
        if (job.dataset()) report["dataset"] = dataset_json(options.pvtu_output, *job.dataset());
        out << report.dump(2) << "\n";
        return;
    }
    out << "Wrote " << written_files(options.partition_path, options.plan_path) << " (method "
        << options.method << ", distributed over " << job.ranks() << " ranks"
        << (interval ? ", rank 0 as controller)\n" : ")\n");
    out << "Edge cut " << result.edge_cut << ", imbalance " << std::setprecision(4)
        << result.imbalance << "\n";
    out << "Communicated " << sent_total << " bytes (at most " << sent_most
        << " sent by one rank)\n";
    print_repart_migration(out, outcome);
    if (const formats::mpi::PvtuOutputReport* dataset = job.dataset())
        out << "Wrote " << options.pvtu_output << " and " << dataset->written.size() - 1
            << " pieces: " << dataset->cells << " cells and " << dataset->points
            << " points, every cell and field moved once (checked)\n";
}

void print_stage_seconds(std::ostream& out) {
    for (const auto& [stage, seconds] : part::mpi::stage_seconds())
        out << "rank 0 " << stage << ": " << std::fixed << std::setprecision(3) << seconds << " s\n"
            << std::defaultfloat;
}

} // namespace part::tools
