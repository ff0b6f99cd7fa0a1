#pragma once
// Grouping items by a small integer key (a part, a bin, a vertex) in O(items + keys), where a
// comparison sort would cost O(items log items).
#include <cstddef>
#include <numeric>
#include <span>
#include <vector>

namespace part {

// The items grouped by key(item), a number in [0, groups), each group in the items' order (a
// stable counting sort); group g is [first[g], first[g + 1]).
template <class T, class Key>
std::vector<T> counting_sort(std::span<const T> items, std::size_t groups, Key key,
                             std::vector<std::size_t>& first) {
    first.assign(groups + 1, 0);
    for (const T& item : items) ++first[std::size_t(key(item)) + 1];
    std::partial_sum(first.begin(), first.end(), first.begin());
    std::vector<T> grouped(items.size());
    std::vector<std::size_t> next(first.begin(), first.end() - 1);
    for (const T& item : items) grouped[next[std::size_t(key(item))]++] = item;
    return grouped;
}

} // namespace part
