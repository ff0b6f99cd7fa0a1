#include "formats/mpi/repart_output.hpp"

#include <optional>

#include "formats/mpi/distributed_plan_file.hpp"
#include "formats/mpi/ordered_output.hpp"
#include "libpart/mpi/collective_errors.hpp"

namespace part::formats::mpi {

void write_repart_outputs(MPI_Comm comm, const std::string& partition_path,
                          const std::string& plan_path,
                          const part::mpi::DistributedRepartResult& result) {
    SharedPendingFile partition_file(comm, partition_path);
    std::optional<SharedPendingFile> plan_file;
    if (!plan_path.empty()) plan_file.emplace(comm, plan_path);
    write_partition_blocks(comm, partition_file, result.block_new_part);
    if (plan_file) write_distributed_plan(comm, *plan_file, result.plan);
    part::mpi::collectively(comm, [&] {
        partition_file.commit();
        if (plan_file) plan_file->commit();
    });
}

} // namespace part::formats::mpi
