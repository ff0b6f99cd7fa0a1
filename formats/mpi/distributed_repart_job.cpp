#include "formats/mpi/distributed_repart_job.hpp"

#include "formats/mpi/distributed_chaco.hpp"
#include "formats/mpi/repart_output.hpp"
#include "formats/partition_file.hpp"
#include "libpart/mpi/collective_errors.hpp"
#include "libpart/mpi/exchange.hpp"

namespace part::formats::mpi {

namespace {

// The distributed input of `options`; a .pvtu GRAPH's cells stay in `piece` for writing the
// new dataset. `hilbert_line`: without an ordering, the line is the Hilbert order of the
// coordinates, as for the serial interval method.
part::mpi::DistributedInput read_input(MPI_Comm comm, const DistributedRepartOptions& options,
                                       Mesh& piece, bool hilbert_line) {
    if (!is_pvtu(options.graph_path))
        return read_distributed_input(comm, options.graph_path, options.old_path, options.old_parts,
                                      options.coords_path, options.order_path, hilbert_line);
    PvtuInputOptions pvtu = options.pvtu;
    pvtu.old_path = options.old_path;
    pvtu.old_parts = options.old_parts;
    pvtu.order_path = options.order_path;
    pvtu.hilbert_line = hilbert_line;
    DistributedPvtu read = read_distributed_pvtu(comm, options.graph_path, pvtu);
    piece = std::move(read.piece);
    return std::move(read.input);
}

} // namespace

DistributedRepartJob::DistributedRepartJob(MPI_Comm comm, DistributedRepartOptions options)
    : comm_(comm), options_(std::move(options)) {
    clock_.emplace("read");
    input_ = read_input(comm_, options_, piece_, options_.method == "interval");
    clock_.reset();
    options_.request.new_parts = options_.new_parts > 0 ? options_.new_parts : input_.old_parts;
}

DistributedRepartJob::~DistributedRepartJob() = default;

int DistributedRepartJob::ranks() const {
    return part::mpi::size_of(comm_);
}

void DistributedRepartJob::repartition() {
    RepartRequest& request = options_.request;
    if (!options_.targets_path.empty()) {
        const int rank = part::mpi::rank_of(comm_);
        request.targets = part::mpi::collectively(comm_, [&] {
            return rank == 0 ? read_targets(options_.targets_path, request.new_parts)
                             : std::vector<double>{};
        });
    }
    part::mpi::broadcast(comm_, request.targets);
    clock_.emplace("method");
    if (options_.method == "gde")
        result_ = part::mpi::distributed_gde(comm_, input_, request, options_.controller.model);
    else if (options_.method == "adaptive")
        result_ =
            part::mpi::distributed_adaptive(comm_, input_, request, options_.controller.model);
    else
        result_ = part::mpi::distributed_interval(comm_, input_, request, options_.controller);
}

std::vector<std::string> DistributedRepartJob::dataset_files() const {
    if (options_.pvtu_output.empty()) return {};
    return distributed_pvtu_files_touched(options_.pvtu_output, new_parts());
}

void DistributedRepartJob::write() {
    // The new dataset is staged and checked first, so all outputs appear together or none.
    if (!options_.pvtu_output.empty())
        dataset_ = std::make_unique<PendingDistributedPvtu>(
            comm_, options_.pvtu_output, std::move(piece_), input_, result_, options_.ghost_layers);
    clock_.emplace("write");
    write_repart_outputs(comm_, options_.partition_path, options_.plan_path, result_);
    clock_.reset();
    if (dataset_) dataset_->commit();
    bytes_sent_ = part::mpi::reduce_bytes_sent(comm_);
}

const PvtuOutputReport* DistributedRepartJob::dataset() const {
    return dataset_ ? &dataset_->report() : nullptr;
}

} // namespace part::formats::mpi
