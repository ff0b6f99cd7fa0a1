#pragma once
// Yes/no validity checks fast enough to run on every graph read. validate() runs the quick
// check first and falls back to its precise checks, which name the problem, only when it says
// no. The Chaco reader folds the mirror fingerprint into its scan instead.
#include <cstdint>

#include "libpart/core/graph.hpp"
#include "libpart/core/mix64.hpp"

namespace part {

// True when every id is in range, no vertex lists itself or a neighbour twice, every edge is
// listed by both ends with equal weights, and no weight is negative. Offsets and attribute
// sizes must have been checked. O(n + m) time, O(m) scratch.
bool passes_quick_check(const Graph& graph);

// Mirror fingerprint: the wrapping sum over all adjacency entries (u, v, w) of
// +h(min, max, w) when u < v and -h(min, max, w) when u > v, h a keyed 64-bit mix. Grouping
// the entries by edge, the sum is sum_e (upper_e - lower_e) h(e), where upper_e and lower_e
// count how often edge e = {a, b} of weight w is listed by a and by b. With no self loops and
// no neighbour listed twice in a row, each count is 0 or 1, so every coefficient is -1, 0 or
// +1, and all are 0 exactly when the adjacency is symmetric with equal weights. A nonzero
// coefficient makes the sum a uniform 64-bit value when h is a random function, so an
// asymmetric graph has a zero sum with probability 2^-64 (false acceptance); a symmetric one
// always sums to zero (no false rejection). The key is drawn at random once per process, so
// that no fixed file can be crafted to cancel (the mixer is splitmix64's finaliser, strong
// but not cryptographic). Duplicates and self loops must be excluded separately: they would
// cancel (a symmetric multigraph sums to zero).
std::uint64_t mirror_fingerprint_key();

// The entry (u, v) of the fingerprint with `key`, without weights.
inline std::uint64_t mirror_term(std::uint32_t u, std::uint32_t v, std::uint64_t key) {
    const std::uint64_t low = u < v ? u : v, high = u < v ? v : u;
    const std::uint64_t h = mix64(((low << 32) | high) ^ key);
    const std::uint64_t negate = -std::uint64_t(u > v); // all ones when u > v
    return (h ^ negate) - negate;
}

// The same with the edge weight mixed in (a second round, so that (edge, weight) pairs do not
// collide structurally).
inline std::uint64_t weighted_mirror_term(std::uint32_t u, std::uint32_t v, std::uint32_t w,
                                          std::uint64_t key) {
    const std::uint64_t low = u < v ? u : v, high = u < v ? v : u;
    const std::uint64_t h = mix64(mix64(((low << 32) | high) ^ key) + w);
    const std::uint64_t negate = -std::uint64_t(u > v);
    return (h ^ negate) - negate;
}

// The fingerprint of a whole graph (edge weights included when it has them).
std::uint64_t mirror_fingerprint(const Graph& graph, std::uint64_t key);

} // namespace part
