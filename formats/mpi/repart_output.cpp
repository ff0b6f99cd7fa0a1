#include "formats/mpi/repart_output.hpp"

#include <algorithm>
#include <fstream>
#include <memory>
#include <optional>
#include <span>
#include <utility>

#include "formats/atomic_output.hpp"
#include "formats/mpi/distributed_chaco.hpp"
#include "formats/plan_file.hpp"
#include "formats/text_output.hpp"
#include "libpart/core/error.hpp"
#include "libpart/mpi/collective_errors.hpp"
#include "libpart/mpi/exchange.hpp"
#include "libpart/plan/partition_checksum.hpp"

namespace part::formats::mpi {

namespace {

// The staging file's name for outputs written directly: its temporary gets a unique suffix.
constexpr const char* kStagingName = "part-output";

void copy_file_to(const std::string& path, PendingFile& out) {
    std::ifstream in(path, std::ios::binary);
    std::string chunk(std::size_t(1) << 20, '\0');
    while (in) {
        in.read(chunk.data(), std::streamsize(chunk.size()));
        out.write(std::string_view(chunk.data(), std::size_t(in.gcount())));
    }
    if (in.bad()) throw InputError(path, 0, "cannot read back the staged output");
}

// A PendingFile held by rank 0 whose temporary every rank knows. Collective constructor;
// commit() renames on rank 0 only and should be called once all ranks agreed that every
// write succeeded. Without commit the temporary is removed. A target written directly ("-",
// a device, a FIFO: writes_directly) cannot take MPI-IO's writes at offsets, so the ranks
// write a temporary in the current folder instead, which rank 0 copies to the target on
// commit and then removes.
class SharedPendingFile {
  public:
    SharedPendingFile(MPI_Comm comm, std::string target) : target_(std::move(target)) {
        const int rank = part::mpi::rank_of(comm);
        part::mpi::collectively(comm, [&] {
            if (rank != 0) return;
            file_ = std::make_unique<PendingFile>(target_);
            if (file_->direct()) staging_ = std::make_unique<PendingFile>(kStagingName);
            temp_ = (staging_ ? staging_ : file_)->temp_path();
        });
        part::mpi::broadcast(comm, temp_);
    }
    const std::string& temp_path() const { return temp_; }
    // The output's own name, which errors give (never the temporary's).
    const std::string& target() const { return target_; }
    void commit() {
        if (!file_) return;
        if (staging_) copy_file_to(staging_->temp_path(), *file_); // staging_ removes it
        file_->commit();
    }

  private:
    std::unique_ptr<PendingFile> file_;    // rank 0 only
    std::unique_ptr<PendingFile> staging_; // rank 0 only, for a direct target
    std::string target_;
    std::string temp_;
};

// One piece of a file: its bytes and where they go.
struct FilePiece {
    std::int64_t offset = 0;
    std::string_view bytes;
};

// Collective. Writes each rank's pieces at their offsets (pieces of all ranks must not
// overlap) into the file's temporary, truncated first. Throws CollectiveError naming the
// file's target on every rank on failure.
void write_pieces(MPI_Comm comm, const SharedPendingFile& output,
                  std::span<const FilePiece> pieces) {
    MPI_File file = MPI_FILE_NULL;
    part::mpi::collectively(comm, [&] {
        const int code = MPI_File_open(comm, output.temp_path().c_str(),
                                       MPI_MODE_WRONLY | MPI_MODE_CREATE, MPI_INFO_NULL, &file);
        if (code != MPI_SUCCESS) throw InputError(output.target(), 0, "cannot open for writing");
    });
    MPI_File_set_size(file, 0);
    // Independent writes, in pieces of at most 1 GiB (MPI counts are int).
    constexpr std::int64_t kChunk = 1LL << 30;
    bool ok = true;
    for (const FilePiece& piece : pieces)
        for (std::int64_t at = 0; at < std::int64_t(piece.bytes.size()); at += kChunk) {
            const int count = int(std::min<std::int64_t>(kChunk, piece.bytes.size() - at));
            MPI_Status status;
            ok = MPI_File_write_at(file, piece.offset + at, piece.bytes.data() + at, count,
                                   MPI_CHAR, &status) == MPI_SUCCESS &&
                 ok;
        }
    ok = MPI_File_close(&file) == MPI_SUCCESS && ok;
    part::mpi::collectively(comm, [&] {
        if (!ok) throw InputError(output.target(), 0, "write failed");
    });
}

// A migration plan whose vertex lists are spread over the ranks (libpart/mpi distributed_plan),
// written as the very file write_plan writes: rank 0 writes the head and the body's message
// table, each rank writes the vertex lists it holds at their offsets (MPI-IO), and the body
// checksum is carried from holder to holder in message order. Collective; into the file's
// temporary, which the caller commits.
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
    const auto pass_hash_to = [&](int next) {
        if (next == at_rank) return;
        if (rank == at_rank) MPI_Send(&hash, 1, MPI_UINT64_T, next, kTag, comm);
        if (rank == next) MPI_Recv(&hash, 1, MPI_UINT64_T, at_rank, kTag, comm, MPI_STATUS_IGNORE);
        at_rank = next;
    };
    std::int64_t mine = 0; // next of this rank's vertices
    std::vector<FilePiece> pieces;
    std::vector<std::int64_t> piece_body_offset;
    for (std::size_t m = 0; m < outline.messages.size(); ++m) {
        const int holder = plan.holder[m];
        pass_hash_to(holder);
        if (rank != holder) continue;
        const std::int64_t count = outline.offsets[m + 1] - outline.offsets[m];
        const std::string_view bytes(reinterpret_cast<const char*>(plan.vertices.data() + mine),
                                     std::size_t(count) * sizeof(VertexId));
        hash = fnv1a64(bytes, hash);
        pieces.push_back({0, bytes});
        piece_body_offset.push_back(std::int64_t(prefix.size()) +
                                    outline.offsets[m] * std::int64_t(sizeof(VertexId)));
        mine += count;
    }
    pass_hash_to(0);

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

} // namespace

void write_repart_outputs(MPI_Comm comm, const std::string& partition_path,
                          const std::string& plan_path,
                          const part::mpi::DistributedRepartResult& result) {
    SharedPendingFile partition_file(comm, partition_path);
    std::optional<SharedPendingFile> plan_file;
    if (!plan_path.empty()) plan_file.emplace(comm, plan_path);
    // The partition as write_partition writes it, each rank its block of consecutive vertices
    // (blocks in rank order).
    const std::string text = one_per_line(result.block_new_part);
    const FilePiece piece{before_this_rank(comm, std::int64_t(text.size())), text};
    write_pieces(comm, partition_file, std::span(&piece, 1));
    if (plan_file) write_distributed_plan(comm, *plan_file, result.plan);
    part::mpi::collectively(comm, [&] {
        partition_file.commit();
        if (plan_file) plan_file->commit();
    });
}

} // namespace part::formats::mpi
