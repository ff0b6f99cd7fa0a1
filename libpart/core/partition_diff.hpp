#pragma once
// How two partitions of the same vertices differ: what a repartition moves.
#include <cstdint>
#include <span>
#include <vector>

#include "libpart/core/partition.hpp"

namespace part {

// One flag per vertex: 1 where `after` puts it in another part than `before`, else 0.
// Throws InvalidArgument when the lengths differ.
std::vector<std::uint8_t> moved_flags(std::span<const PartId> before,
                                      std::span<const PartId> after);

} // namespace part
