#pragma once
// The checks of migrate (part/part_mpi.hpp): the ids each rank passes must be exactly the
// vertices of its old part; each check names the first id that is not.
#include <mpi.h>

#include <algorithm>
#include <span>
#include <vector>

#include "libpart/plan/migration_plan.hpp"
#include "part/part.hpp"

namespace part::api {

// Finds the local index of an id among this rank's ids.
class LocalIndex {
  public:
    explicit LocalIndex(std::span<const std::int32_t> ids) : ids_(ids), order_(ids.size()) {
        for (std::size_t i = 0; i < order_.size(); ++i) order_[i] = i;
        std::sort(order_.begin(), order_.end(), [&](auto a, auto b) { return ids[a] < ids[b]; });
    }
    // The local index of `id`, or ids.size() when this rank does not pass it.
    std::size_t find(std::int32_t id) const {
        auto it =
            std::lower_bound(order_.begin(), order_.end(), id,
                             [&](std::size_t i, std::int32_t value) { return ids_[i] < value; });
        return it != order_.end() && ids_[*it] == id ? *it : ids_.size();
    }
    // The first id passed twice, or -1.
    std::int64_t repeated() const {
        for (std::size_t k = 1; k < order_.size(); ++k)
            if (ids_[order_[k]] == ids_[order_[k - 1]]) return ids_[order_[k]];
        return -1;
    }

  private:
    std::span<const std::int32_t> ids_;
    std::vector<std::size_t> order_;
};

// This rank's ids are in range and distinct, and the communicator spans the plan.
void check_ranges(const MigrationPlan& plan, int rank, int ranks, std::span<const std::int32_t> ids,
                  const LocalIndex& index);

// The plan's moving vertices must be passed by their old rank and by no other.
void check_moving(const MigrationPlan& plan, int rank, std::span<const std::int32_t> ids,
                  const LocalIndex& index);

// Collective. Every id is passed by exactly one rank, and the ranks' ids are the plan's old
// partition (its checksum, computed over blocks of the numbering in rank order): each id
// travels once to the rank of its block.
void check_partition(MPI_Comm comm, const MigrationPlan& plan, std::span<const std::int32_t> ids);

} // namespace part::api
