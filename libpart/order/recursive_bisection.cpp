#include "libpart/order/recursive_bisection.hpp"

#include <algorithm>
#include <numeric>

namespace part {

namespace {

struct Item {
    double key;
    VertexId vertex;
    Weight weight;
};

bool before(const Item& a, const Item& b) {
    return a.key < b.key || (a.key == b.key && a.vertex < b.vertex);
}

// Items of `vertices` with their keys and first-constraint weights; returns their weight.
double make_items(const Graph& graph, std::span<const VertexId> vertices, const BisectionKey& key,
                  std::vector<double>& keys, std::vector<Item>& items) {
    keys.resize(vertices.size());
    key(vertices, std::span<double>(keys.data(), keys.size()));
    items.resize(vertices.size());
    double weight = 0;
    for (std::size_t i = 0; i < vertices.size(); ++i) {
        items[i] = {keys[i], vertices[i], graph.vertex_weight(vertices[i])};
        weight += items[i].weight;
    }
    return weight;
}

// Rearranges `items` so the first s are the s smallest, with s the count whose weight is
// closest to `goal`, kept within [min_left, size - min_right]. Returns s.
std::size_t weighted_split(std::span<Item> items, double goal, std::size_t min_left,
                           std::size_t min_right) {
    const std::size_t size = items.size();
    std::size_t lo = 0, hi = size, crossing = size;
    double acc = 0; // weight of the items before lo, all smaller than those in [lo, hi)
    while (hi - lo > 16 && goal > 0) {
        const std::size_t mid = lo + (hi - lo) / 2;
        Item a = items[lo], b = items[mid], c = items[hi - 1];
        const Item pivot = before(a, b) ? (before(b, c)   ? b
                                           : before(a, c) ? c
                                                          : a)
                                        : (before(a, c)   ? a
                                           : before(b, c) ? c
                                                          : b);
        auto* first = items.data();
        const std::size_t m =
            std::size_t(std::partition(first + lo, first + hi,
                                       [&](const Item& x) { return before(x, pivot); }) -
                        first);
        std::partition(first + m, first + hi,
                       [&](const Item& x) { return !before(pivot, x); }); // pivot to m
        double left = 0;
        for (std::size_t i = lo; i < m; ++i) left += items[i].weight;
        if (acc + left >= goal) {
            hi = m;
        } else if (acc + left + items[m].weight >= goal) {
            acc += left;
            crossing = m;
            break;
        } else {
            acc += left + items[m].weight;
            lo = m + 1;
        }
    }
    std::size_t s = 0;
    if (goal > 0 && crossing == size && lo == hi) {
        s = lo; // everything before lo weighs less than the goal: only rounding gets here
    } else if (goal > 0) {
        if (crossing == size) {
            std::sort(items.begin() + std::ptrdiff_t(lo), items.begin() + std::ptrdiff_t(hi),
                      before);
            crossing = hi - 1;
            for (std::size_t i = lo; i < hi; ++i) {
                if (acc + items[i].weight >= goal || i + 1 == hi) {
                    crossing = i;
                    break;
                }
                acc += items[i].weight;
            }
        }
        // prefix(crossing) = acc < goal <= prefix(crossing + 1), unless goal exceeds the total
        s = acc + items[crossing].weight - goal <= goal - acc ? crossing + 1 : crossing;
    }
    const std::size_t clamped = std::clamp(s, min_left, size - min_right);
    if (clamped != s && clamped > 0 && clamped < size)
        std::nth_element(items.begin(), items.begin() + std::ptrdiff_t(clamped), items.end(),
                         before);
    return clamped;
}

void store(std::span<const Item> items, std::span<VertexId> vertices) {
    for (std::size_t i = 0; i < items.size(); ++i) vertices[i] = items[i].vertex;
}

} // namespace

std::vector<PartId> recursive_bisection_partition(const Graph& graph, PartId k,
                                                  const std::vector<double>& targets,
                                                  const BisectionKey& key) {
    const VertexId n = graph.num_vertices();
    std::vector<double> cumulative(std::size_t(k) + 1, 0.0); // target fraction of parts [0, p)
    for (PartId p = 0; p < k; ++p)
        cumulative[p + 1] = cumulative[p] + target_fraction(targets, k, p);
    std::vector<VertexId> vertices(static_cast<std::size_t>(n));
    std::iota(vertices.begin(), vertices.end(), 0);
    std::vector<PartId> part(std::size_t(n), 0);
    struct Task {
        std::size_t begin, end;
        PartId first, count;
    };
    std::vector<Task> tasks{{0, std::size_t(n), 0, k}};
    std::vector<double> keys;
    std::vector<Item> items;
    while (!tasks.empty()) {
        const Task t = tasks.back();
        tasks.pop_back();
        std::span<VertexId> subset(vertices.data() + t.begin, t.end - t.begin);
        if (t.count == 1 || subset.empty()) {
            for (VertexId v : subset) part[v] = t.first;
            continue;
        }
        const PartId left_parts = t.count / 2;
        const double weight = make_items(graph, subset, key, keys, items);
        const double fraction = (cumulative[t.first + left_parts] - cumulative[t.first]) /
                                (cumulative[t.first + t.count] - cumulative[t.first]);
        const std::size_t min_left = std::min<std::size_t>(std::size_t(left_parts), subset.size());
        const std::size_t min_right =
            std::min<std::size_t>(std::size_t(t.count - left_parts), subset.size() - min_left);
        const std::size_t s = weighted_split(items, weight * fraction, min_left, min_right);
        store(items, subset);
        tasks.push_back({t.begin, t.begin + s, t.first, left_parts});
        tasks.push_back({t.begin + s, t.end, t.first + left_parts, t.count - left_parts});
    }
    return part;
}

Permutation recursive_bisection_order(const Graph& graph, const BisectionKey& key,
                                      VertexId leaf_size) {
    const VertexId n = graph.num_vertices();
    std::vector<VertexId> sequence(static_cast<std::size_t>(n));
    std::iota(sequence.begin(), sequence.end(), 0);
    std::vector<std::pair<std::size_t, std::size_t>> tasks{{0, std::size_t(n)}};
    std::vector<double> keys;
    std::vector<Item> items;
    const std::size_t leaf = std::size_t(std::max<VertexId>(leaf_size, 1));
    while (!tasks.empty()) {
        const auto [begin, end] = tasks.back();
        tasks.pop_back();
        if (end - begin <= 1) continue;
        std::span<VertexId> subset(sequence.data() + begin, end - begin);
        const double weight = make_items(graph, subset, key, keys, items);
        if (subset.size() <= leaf) {
            std::sort(items.begin(), items.end(), before);
            store(items, subset);
            continue;
        }
        const std::size_t s = weighted_split(items, weight / 2, 1, 1);
        store(items, subset);
        tasks.emplace_back(begin, begin + s);
        tasks.emplace_back(begin + s, end);
    }
    return inverse_permutation(sequence);
}

} // namespace part
