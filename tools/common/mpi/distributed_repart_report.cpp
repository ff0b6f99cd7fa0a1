#include "tools/common/mpi/distributed_repart_report.hpp"

#include <iomanip>
#include <ostream>

#include "libpart/mpi/exchange.hpp"
#include "tools/common/repart_report.hpp"

namespace part::tools {

namespace {

nlohmann::json dataset_json(const std::string& path, const formats::mpi::PvtuOutputReport& d) {
    return {{"output", path},
            {"cells", d.cells},
            {"points", d.points},
            {"piece_cells", d.piece_cells},
            {"written", d.written}};
}

} // namespace

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
