#include "libpart/core/part_components.hpp"

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <span>

#include "libpart/core/counting_sort.hpp"

namespace part {

namespace {

constexpr PartId kSkipped = -1;

// Root of v's tree, halving the path on the way. Every parent is lower than its child, so a
// root is the lowest vertex of its tree. A parent is rewritten only when it changes: on a
// graph numbered without locality every write dirties a line of its own.
VertexId find_root(VertexId* parent, VertexId v) {
    for (VertexId up = parent[v]; up != v; up = parent[v]) {
        const VertexId grand = parent[up];
        if (grand == up) return up;
        v = parent[v] = grand;
    }
    return v;
}

// Union-find over the edges inside parts, in the rows' order (the order they lie in memory,
// where a breadth-first search jumps across the graph at each step): links each vertex whose
// key (its part) is not kSkipped into one tree per component of its part, rooted at the
// component's lowest vertex. The parent of a vertex skipped is left as it was.
void link_components(const Graph& graph, const PartId* key, VertexId* parent) {
    const VertexId n = graph.num_vertices();
    const EdgeOffset* const xadj = graph.xadj.data();
    const VertexId* const adjncy = graph.adjncy.data();
    for (VertexId u = 0; u < n; ++u) {
        const PartId p = key[u];
        if (p == kSkipped) continue;
        parent[u] = u;
        VertexId root = u; // of u's tree: linking others under it leaves it the root
        for (EdgeOffset e = xadj[u]; e < xadj[u + 1]; ++e) {
            const VertexId v = adjncy[e];
            if (v >= u || key[v] != p) continue; // each edge once, from its higher end
            const VertexId other = find_root(parent, v);
            if (other > root)
                parent[other] = root;
            else if (other < root)
                root = parent[root] = other;
        }
    }
}

// Labels the vertices linked by link_components 0, 1, ... in order of their components'
// lowest vertices and lists them grouped by component, each component's in increasing order,
// in `members`, appending each component's end to `first` (which holds {0}).
void group_components(VertexId n, const PartId* key, const VertexId* parent, VertexId* labels,
                      VertexId* members, std::vector<VertexId>& first) {
    // A parent is lower than its child, so it is labelled before it, with the root's label.
    std::vector<VertexId> cursor; // sizes, then where each component's next member goes
    for (VertexId v = 0; v < n; ++v) {
        if (key[v] == kSkipped) continue;
        if (parent[v] == v) {
            labels[v] = VertexId(cursor.size());
            cursor.push_back(0);
        } else {
            labels[v] = labels[parent[v]];
        }
        ++cursor[labels[v]];
    }
    VertexId end = 0;
    for (VertexId& at : cursor) {
        const VertexId size = at;
        at = end;
        first.push_back(end += size);
    }
    for (VertexId v = 0; v < n; ++v)
        if (key[v] != kSkipped) members[cursor[labels[v]]++] = v;
}

// Searches the components of the vertices whose key is their part (the others' key is
// kSkipped), each within its part, from each one's lowest vertex in turn: labels them 0, 1,
// ..., sets their keys to kSkipped and queues their vertices in `queue` (room for one more
// than the graph's vertices), appending each component's end to `first` (which holds {0}).
void search_unlabelled(const Graph& graph, PartId* key, VertexId* labels, VertexId* queue,
                       std::vector<VertexId>& first) {
    // A breadth-first search per component, queued in place (each vertex enters once, so the
    // queue of all searches is exactly the grouping wanted), on raw pointers: it runs on
    // every part-refine (fragments, reports). One key per vertex instead of a label and a
    // part: a neighbour is taken when its key is the part searched. Taking it is written
    // without a branch (the neighbour is always written at the tail, which moves on only if
    // taken; its key is or-ed with all ones only if taken): whether a neighbour is new is
    // what the processor cannot predict, and that branch cost more than the loop's work.
    const VertexId n = graph.num_vertices();
    const EdgeOffset* const xadj = graph.xadj.data();
    const VertexId* const adjncy = graph.adjncy.data();
    VertexId tail = 0;
    for (VertexId s = 0; s < n; ++s) {
        const PartId p = key[s];
        if (p == kSkipped) continue;
        key[s] = kSkipped;
        const auto label = VertexId(first.size() - 1);
        VertexId head = tail;
        queue[tail++] = s;
        while (head < tail) {
            const VertexId v = queue[head++];
            labels[v] = label;
            const VertexId* row = adjncy + xadj[v];
            const VertexId* const row_end = adjncy + xadj[v + 1];
            for (; row != row_end; ++row) {
                const VertexId u = *row;
                const PartId u_key = key[u];
                const bool take = u_key == p;
                queue[tail] = u;
                tail += take;
                key[u] = u_key | -PartId(take);
            }
        }
        first.push_back(tail);
    }
}

// Labels the components of the vertices whose key is not kSkipped 0, 1, ... in order of their
// lowest vertices and lists them grouped by component in `members` (room for one more than the
// graph's vertices), appending each component's end to `first` (which holds {0}). Overwrites
// `key`.
void label_components(const Graph& graph, PartId* key, VertexId* labels, VertexId* members,
                      std::vector<VertexId>& first) {
    if (!scatters_neighbours(graph)) {
        search_unlabelled(graph, key, labels, members, first);
        return;
    }
    const auto parent =
        std::make_unique_for_overwrite<VertexId[]>(std::size_t(graph.num_vertices()));
    link_components(graph, key, parent.get());
    group_components(graph.num_vertices(), key, parent.get(), labels, members, first);
}

} // namespace

bool scatters_neighbours(const Graph& graph) {
    const VertexId n = graph.num_vertices();
    if (n < kLocalityMinVertices) return false;
    EdgeOffset far = 0, sampled = 0;
    for (VertexId v = 0; v < n; v += 64) {
        for (VertexId u : graph.neighbours(v)) far += std::abs(u - v) > (VertexId(1) << 14);
        sampled += graph.degree(v);
    }
    return 2 * far > sampled;
}

PartComponents find_part_components(const Graph& graph, const std::vector<PartId>& part) {
    const VertexId n = graph.num_vertices();
    PartComponents c;
    c.label.resize(std::size_t(n));
    c.members = std::make_unique_for_overwrite<VertexId[]>(std::size_t(n) + 1);
    c.first.push_back(0);
    std::vector<PartId> key = part;
    label_components(graph, key.data(), c.label.data(), c.members.get(), c.first);
    return c;
}

PartComponents update_part_components(const Graph& graph, const std::vector<PartId>& part,
                                      PartComponents before, const std::vector<char>& changed) {
    const VertexId n = graph.num_vertices();
    PartComponents c;
    c.label = std::move(before.label);
    VertexId* const labels = c.label.data();
    // Only the marked parts' vertices are searched.
    const auto key = std::make_unique_for_overwrite<PartId[]>(std::size_t(n));
    for (VertexId v = 0; v < n; ++v) key[v] = changed[part[v]] ? part[v] : kSkipped;
    const auto searched = std::make_unique_for_overwrite<VertexId[]>(std::size_t(n) + 1);
    std::vector<VertexId> searched_first{0};
    label_components(graph, key.get(), labels, searched.get(), searched_first);
    // The components of `before` outside the marked parts (a component lies in a marked part
    // now if its first vertex does: it was one of that part's, or moved there whole) and the
    // searched ones, by lowest vertex (the first of each); every vertex relabelled with its
    // component's place among them.
    std::vector<std::span<const VertexId>> components;
    for (VertexId b = 0; b < before.num_components(); ++b)
        if (!changed[part[before.members[before.first[b]]]])
            components.emplace_back(before.members.get() + before.first[b],
                                    before.members.get() + before.first[b + 1]);
    for (std::size_t s = 0; s + 1 < searched_first.size(); ++s)
        components.emplace_back(searched.get() + searched_first[s],
                                searched.get() + searched_first[s + 1]);
    std::sort(components.begin(), components.end(),
              [](const auto& a, const auto& b) { return a.front() < b.front(); });
    c.members = std::make_unique_for_overwrite<VertexId[]>(std::size_t(n));
    c.first.push_back(0);
    VertexId tail = 0;
    for (const std::span<const VertexId> component : components) {
        const auto id = VertexId(c.first.size() - 1);
        for (VertexId v : component) labels[c.members[tail++] = v] = id;
        c.first.push_back(tail);
    }
    return c;
}

std::vector<VertexId> PartComponents::per_part(const std::vector<PartId>& part,
                                               PartId num_parts) const {
    std::vector<VertexId> components(std::size_t(num_parts), 0);
    for (VertexId c = 0; c < num_components(); ++c) ++components[part[members[first[c]]]];
    return components;
}

std::vector<VertexId> components_per_part(const Graph& graph, const std::vector<PartId>& part,
                                          PartId num_parts) {
    if (!scatters_neighbours(graph))
        return find_part_components(graph, part).per_part(part, num_parts);
    // The trees' roots are enough: no labels, no members.
    const VertexId n = graph.num_vertices();
    const auto parent = std::make_unique_for_overwrite<VertexId[]>(std::size_t(n));
    link_components(graph, part.data(), parent.get());
    std::vector<VertexId> components(std::size_t(num_parts), 0);
    for (VertexId v = 0; v < n; ++v) components[part[v]] += parent[v] == v;
    return components;
}

std::vector<VertexId> breadth_first_part_order(const Graph& graph,
                                               const std::vector<PartId>& part) {
    // No component crosses a part, so each part's searches run on a thread of their own (on a
    // graph numbered without locality each step is a cache miss, and two threads wait for
    // two at once); the components are then put in the order of their lowest vertices, as
    // one search from vertex 0 up would list them.
    const VertexId n = graph.num_vertices();
    const auto k = std::size_t(n == 0 ? 0 : *std::max_element(part.begin(), part.end()) + 1);
    std::vector<VertexId> vertices(static_cast<std::size_t>(n));
    std::iota(vertices.begin(), vertices.end(), 0);
    // Part p's vertices, then its searches, lie at [start[p], start[p + 1]).
    std::vector<std::size_t> start;
    const std::vector<VertexId> by_part = counting_sort<VertexId>(
        vertices, k, [&](VertexId v) { return part[v]; }, start);
    std::vector<char> reached(std::size_t(n), 0); // each read and written by its part's thread
    struct Component {
        VertexId lowest;
        std::size_t begin, end; // in `queue`
    };
    std::vector<std::vector<Component>> found(k);
    std::vector<VertexId> queue(static_cast<std::size_t>(n));
#pragma omp parallel for schedule(dynamic, 1)
    for (std::size_t p = 0; p < k; ++p) {
        std::size_t tail = start[p];
        for (std::size_t i = start[p]; i < start[p + 1]; ++i) {
            const VertexId s = by_part[i];
            if (reached[s]) continue;
            reached[s] = 1;
            const std::size_t begin = tail;
            queue[tail++] = s;
            for (std::size_t head = begin; head < tail; ++head)
                for (VertexId u : graph.neighbours(queue[head]))
                    if (part[u] == PartId(p) && !reached[u]) {
                        reached[u] = 1;
                        queue[tail++] = u;
                    }
            found[p].push_back({s, begin, tail});
        }
    }
    std::vector<Component> components;
    for (const std::vector<Component>& in_part : found)
        components.insert(components.end(), in_part.begin(), in_part.end());
    std::sort(components.begin(), components.end(),
              [](const Component& a, const Component& b) { return a.lowest < b.lowest; });
    std::vector<VertexId> order;
    order.reserve(std::size_t(n));
    for (const Component& c : components)
        order.insert(order.end(), queue.begin() + std::ptrdiff_t(c.begin),
                     queue.begin() + std::ptrdiff_t(c.end));
    return order;
}

} // namespace part
