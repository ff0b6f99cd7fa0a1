#include "formats/mpi/distributed_plan_file.hpp"

#include "formats/mpi/ordered_output.hpp"
#include "formats/plan_file.hpp"
#include "libpart/mpi/exchange.hpp"
#include "libpart/plan/partition_checksum.hpp"

namespace part::formats::mpi {

namespace {

std::string_view vertex_bytes(const std::vector<VertexId>& vertices, std::int64_t first,
                              std::int64_t count) {
    return {reinterpret_cast<const char*>(vertices.data() + first),
            std::size_t(count) * sizeof(VertexId)};
}

} // namespace

void write_distributed_plan(MPI_Comm comm, const SharedPendingFile& file,
                            const part::mpi::DistributedPlan& plan) {
    const int rank = part::mpi::rank_of(comm);
    const MigrationPlan& outline = plan.outline;
    const std::string prefix = encode_body_prefix(outline);

    // fnv1a64 of the body: rank 0 starts with the message table, then the hash travels to the
    // holder of each message in turn (point-to-point, in message order).
    constexpr int kTag = 12;
    std::uint64_t hash = rank == 0 ? fnv1a64(prefix) : 0;
    int at_rank = 0;
    std::int64_t mine = 0; // next of this rank's vertices
    std::vector<FilePiece> pieces;
    std::vector<std::int64_t> piece_body_offset;
    for (std::size_t m = 0; m < outline.messages.size(); ++m) {
        const int holder = plan.holder[m];
        if (holder != at_rank) {
            if (rank == at_rank) MPI_Send(&hash, 1, MPI_UINT64_T, holder, kTag, comm);
            if (rank == holder)
                MPI_Recv(&hash, 1, MPI_UINT64_T, at_rank, kTag, comm, MPI_STATUS_IGNORE);
            at_rank = holder;
        }
        if (rank != holder) continue;
        const std::int64_t count = outline.offsets[m + 1] - outline.offsets[m];
        const std::string_view bytes = vertex_bytes(plan.vertices, mine, count);
        hash = fnv1a64(bytes, hash);
        pieces.push_back({0, bytes});
        piece_body_offset.push_back(std::int64_t(prefix.size()) +
                                    outline.offsets[m] * std::int64_t(sizeof(VertexId)));
        mine += count;
    }
    if (at_rank != 0) {
        if (rank == at_rank) MPI_Send(&hash, 1, MPI_UINT64_T, 0, kTag, comm);
        if (rank == 0) MPI_Recv(&hash, 1, MPI_UINT64_T, at_rank, kTag, comm, MPI_STATUS_IGNORE);
    }

    const std::int64_t body_bytes =
        std::int64_t(prefix.size()) + outline.offsets.back() * std::int64_t(sizeof(VertexId));
    std::string head;
    if (rank == 0) head = format_plan_head(outline, body_bytes, hash) + prefix;
    long long head_bytes = static_cast<long long>(head.size()) - (long long)prefix.size();
    MPI_Bcast(&head_bytes, 1, MPI_LONG_LONG, 0, comm);
    for (std::size_t i = 0; i < pieces.size(); ++i)
        pieces[i].offset = head_bytes + piece_body_offset[i];
    if (rank == 0) pieces.push_back({0, head});
    write_pieces(comm, file, pieces);
}

} // namespace part::formats::mpi
