#include "libpart/core/partition_diff.hpp"

#include <string>

#include "libpart/core/error.hpp"

namespace part {

std::vector<std::uint8_t> moved_flags(std::span<const PartId> before,
                                      std::span<const PartId> after) {
    if (before.size() != after.size())
        throw InvalidArgument("partitions of " + std::to_string(before.size()) + " and " +
                              std::to_string(after.size()) + " vertices cannot be compared");
    std::vector<std::uint8_t> moved(before.size());
    for (std::size_t v = 0; v < before.size(); ++v) moved[v] = before[v] != after[v];
    return moved;
}

} // namespace part
