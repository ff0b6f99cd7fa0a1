#include "libpart/plan/partition_checksum.hpp"

namespace part {

namespace {
constexpr std::uint64_t kFnvPrime = 0x100000001b3ull;

std::uint64_t mix_int32(std::uint64_t hash, std::int32_t value) {
    const auto bits = std::uint32_t(value);
    for (int byte = 0; byte < 4; ++byte) {
        hash ^= (bits >> (8 * byte)) & 0xffu;
        hash *= kFnvPrime;
    }
    return hash;
}
} // namespace

std::uint64_t fnv1a64(std::string_view bytes, std::uint64_t seed) {
    std::uint64_t hash = seed;
    for (char b : bytes) {
        hash ^= static_cast<unsigned char>(b);
        hash *= kFnvPrime;
    }
    return hash;
}

std::uint64_t partition_checksum_start(PartId num_parts) {
    return mix_int32(0xcbf29ce484222325ull, num_parts);
}

std::uint64_t partition_checksum_continue(std::uint64_t hash, std::span<const PartId> part) {
    for (PartId p : part) hash = mix_int32(hash, p);
    return hash;
}

std::uint64_t partition_checksum(PartId num_parts, std::span<const PartId> part) {
    return partition_checksum_continue(partition_checksum_start(num_parts), part);
}

} // namespace part
