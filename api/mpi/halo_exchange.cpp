// One halo exchange with a schedule of halo_schedule (part/part_mpi.hpp): point-to-point
// messages with the neighbour ranks only, whose sizes both sides know from the schedule.
#include <algorithm>
#include <limits>

#include "../checked.hpp"
#include "libpart/mpi/collective_errors.hpp"
#include "libpart/mpi/exchange.hpp"
#include "part/part_mpi.hpp"

namespace part::api {

namespace {

constexpr int kHaloTag = 2801;

// The values of each neighbour's send ids, neighbour after neighbour.
std::vector<std::byte> pack_sends(const HaloSchedule& schedule,
                                  std::span<const std::int32_t> owned_ids,
                                  std::span<const std::byte> owned_data, std::size_t width) {
    std::vector<std::byte> packed;
    for (const HaloNeighbour& neighbour : schedule.neighbours)
        for (std::int32_t id : neighbour.send) {
            const auto it = std::lower_bound(owned_ids.begin(), owned_ids.end(), id);
            if (it == owned_ids.end() || *it != id)
                throw Error("the schedule sends id " + std::to_string(id) + " to rank " +
                            std::to_string(neighbour.rank) + " but it is not an owned id");
            const auto at = owned_data.begin() + (it - owned_ids.begin()) * std::ptrdiff_t(width);
            packed.insert(packed.end(), at, at + std::ptrdiff_t(width));
        }
    return packed;
}

void check_input(const HaloSchedule& schedule, std::span<const std::int32_t> owned_ids,
                 std::span<const std::byte> owned_data, std::size_t width, int ranks) {
    if (width == 0) throw Error("bytes_per_element must be at least 1");
    if (owned_data.size() != owned_ids.size() * width)
        throw Error("the data holds " + std::to_string(owned_data.size()) + " bytes, expected " +
                    std::to_string(owned_ids.size() * width));
    if (!std::is_sorted(owned_ids.begin(), owned_ids.end()))
        throw Error("owned ids must be ascending");
    for (const HaloNeighbour& neighbour : schedule.neighbours) {
        if (neighbour.rank < 0 || neighbour.rank >= ranks)
            throw Error("the schedule names rank " + std::to_string(neighbour.rank) +
                        ", the communicator has " + std::to_string(ranks));
        const std::size_t largest = std::max(neighbour.send.size(), neighbour.receive.size());
        if (largest > std::size_t(std::numeric_limits<int>::max()) / width)
            throw Error("a halo message to rank " + std::to_string(neighbour.rank) +
                        " passes MPI's int byte count");
    }
}

} // namespace

std::vector<std::byte> halo_exchange(MPI_Comm comm, const HaloSchedule& schedule,
                                     std::span<const std::int32_t> owned_ids,
                                     std::span<const std::byte> owned_data,
                                     std::size_t bytes_per_element) {
    return checked([&] {
        const std::size_t width = bytes_per_element;
        std::vector<std::byte> packed;
        part::mpi::collectively(comm, [&] {
            check_input(schedule, owned_ids, owned_data, width, part::mpi::size_of(comm));
            packed = pack_sends(schedule, owned_ids, owned_data, width);
        });
        std::vector<std::byte> ghosts(ghost_ids(schedule).size() * width);
        std::vector<MPI_Request> requests;
        std::size_t sent = 0, received = 0;
        for (const HaloNeighbour& neighbour : schedule.neighbours) {
            const int send_bytes = int(neighbour.send.size() * width);
            const int receive_bytes = int(neighbour.receive.size() * width);
            requests.resize(requests.size() + 2);
            MPI_Irecv(ghosts.data() + received, receive_bytes, MPI_BYTE, neighbour.rank, kHaloTag,
                      comm, &requests[requests.size() - 2]);
            MPI_Isend(packed.data() + sent, send_bytes, MPI_BYTE, neighbour.rank, kHaloTag, comm,
                      &requests.back());
            sent += std::size_t(send_bytes);
            received += std::size_t(receive_bytes);
        }
        MPI_Waitall(int(requests.size()), requests.data(), MPI_STATUSES_IGNORE);
        return ghosts;
    });
}

} // namespace part::api
