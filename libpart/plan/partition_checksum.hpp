#pragma once
// A 64-bit fingerprint of a partition, stored in migration plans so that applying a plan to
// the wrong partition is detected instead of silently producing garbage.
#include <cstdint>
#include <span>
#include <string_view>

#include "libpart/core/partition.hpp"

namespace part {

// FNV-1a (64-bit) over the part count and every part id, each as 4 little-endian bytes, so the
// value does not depend on the machine. Two partitions differing in one id differ here.
std::uint64_t partition_checksum(PartId num_parts, std::span<const PartId> part);

// The same in pieces, for a partition spread over ranks in order: start with the part count,
// then continue over each piece in turn.
std::uint64_t partition_checksum_start(PartId num_parts);
std::uint64_t partition_checksum_continue(std::uint64_t hash, std::span<const PartId> part);

// FNV-1a (64-bit) over raw bytes; the plan file uses it for its body.
std::uint64_t fnv1a64(std::string_view bytes, std::uint64_t seed = 0xcbf29ce484222325ull);

} // namespace part
