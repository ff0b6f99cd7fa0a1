#include "libpart/gde/edge_colouring.hpp"

#include <algorithm>
#include <bit>

#include "libpart/order/graph_search.hpp"

namespace part::gde {

VertexId max_degree(const Graph& graph) {
    VertexId d = 0;
    for (VertexId v = 0; v < graph.num_vertices(); ++v) d = std::max(d, graph.degree(v));
    return d;
}

EdgeOffset find_link(const Graph& graph, VertexId v, VertexId u) {
    const auto begin = graph.adjncy.begin() + graph.xadj[v],
               end = graph.adjncy.begin() + graph.xadj[v + 1];
    const auto it = std::lower_bound(begin, end, u);
    return it != end && *it == u ? EdgeOffset(it - graph.adjncy.begin()) : -1;
}

bool is_proper(const Graph& graph, const EdgeColouring& colouring) {
    if (colouring.colour.size() != graph.adjncy.size()) return false;
    std::vector<VertexId> seen_at(std::size_t(colouring.num_colours), -1);
    for (VertexId v = 0; v < graph.num_vertices(); ++v)
        for (EdgeOffset e = graph.xadj[v]; e < graph.xadj[v + 1]; ++e) {
            const int c = colouring.colour[e];
            if (c < 0 || c >= colouring.num_colours || seen_at[c] == v) return false;
            seen_at[c] = v;
            const EdgeOffset back = find_link(graph, graph.adjncy[e], v);
            if (back < 0 || colouring.colour[back] != c) return false;
        }
    return true;
}

namespace {

// Breadth-first levels per component: bipartite when no link joins two levels of one parity.
bool is_bipartite(const Graph& graph) {
    std::vector<VertexId> level(std::size_t(graph.num_vertices()), -1);
    for (VertexId s = 0; s < graph.num_vertices(); ++s)
        if (level[s] < 0) breadth_first(graph, s, level);
    for (VertexId v = 0; v < graph.num_vertices(); ++v)
        for (VertexId u : graph.neighbours(v))
            if ((level[u] - level[v]) % 2 == 0) return false;
    return true;
}

// Renumbers the colours in use to 0..used-1, keeping their order.
void compact(EdgeColouring& colouring) {
    std::vector<int> renumber(std::size_t(colouring.num_colours), -1);
    for (int c : colouring.colour) renumber[c] = 0;
    int used = 0;
    for (int& r : renumber)
        if (r == 0) r = used++;
    for (int& c : colouring.colour) c = renumber[c];
    colouring.num_colours = used;
}

// The colouring that gives each adjacency entry v -> u the colour colour_of(v, u), from
// `colours` at most, renumbered to the colours in use.
template <class ColourOf> EdgeColouring colour_by(const Graph& g, int colours, ColourOf colour_of) {
    EdgeColouring out{colours, std::vector<int>(g.adjncy.size(), 0)};
    for (VertexId v = 0; v < g.num_vertices(); ++v)
        for (EdgeOffset e = g.xadj[v]; e < g.xadj[v + 1]; ++e)
            out.colour[e] = colour_of(v, g.adjncy[e]);
    compact(out);
    return out;
}

// Colours of a mesh or torus: horizontal links alternate 0/1 along a row, vertical links
// 2/3 along a column; a wrap link continues the alternation, which needs an even side.
EdgeColouring colour_grid(const Network& network) {
    const int cols = network.cols;
    return colour_by(network.graph, 4, [cols](VertexId v, VertexId u) {
        const VertexId lo = std::min(u, v), hi = std::max(u, v);
        const bool horizontal = lo / cols == hi / cols;
        // The link's first end in travelling order: the wrap link starts at the far end.
        const bool wraps = horizontal ? hi - lo > 1 : hi - lo > cols;
        const VertexId start = wraps ? hi : lo;
        return horizontal ? (start % cols) % 2 : 2 + (start / cols) % 2;
    });
}

// Per processor, the neighbour on each colour (-1 if free), and per link its colour.
class ColourTable {
  public:
    ColourTable(const Graph& g, int colours)
        : g_(g), colours_(colours), at_(std::size_t(g.num_vertices()) * colours, -1) {}

    VertexId at(VertexId v, int c) const { return at_[std::size_t(v) * colours_ + c]; }
    bool is_free(VertexId v, int c) const { return at(v, c) < 0; }
    int first_free(VertexId v) const {
        for (int c = 0; c < colours_; ++c)
            if (is_free(v, c)) return c;
        return -1;
    }
    int colour_of(VertexId v, VertexId u) const {
        for (int c = 0; c < colours_; ++c)
            if (at(v, c) == u) return c;
        return -1;
    }
    void set(VertexId v, VertexId u, int c) {
        at_[std::size_t(v) * colours_ + c] = u;
        at_[std::size_t(u) * colours_ + c] = v;
    }
    void clear(VertexId v, VertexId u, int c) {
        at_[std::size_t(v) * colours_ + c] = -1;
        at_[std::size_t(u) * colours_ + c] = -1;
    }
    // Swaps colours a and b along the maximal path from v that starts with colour a.
    void flip_path(VertexId v, int a, int b) {
        std::vector<std::pair<VertexId, VertexId>> path;
        VertexId u = v;
        for (int c = a;; c = c == a ? b : a) {
            const VertexId next = at(u, c);
            if (next < 0) break;
            path.emplace_back(u, next);
            u = next;
        }
        int c = a;
        for (auto [x, y] : path) {
            clear(x, y, c);
            c = c == a ? b : a;
        }
        c = b;
        for (auto [x, y] : path) {
            set(x, y, c);
            c = c == a ? b : a;
        }
    }
    // The colouring, renumbered to the colours in use.
    EdgeColouring result() const {
        return colour_by(g_, colours_, [this](VertexId v, VertexId u) { return colour_of(v, u); });
    }

  private:
    const Graph& g_;
    int colours_;
    std::vector<VertexId> at_;
};

EdgeColouring colour_bipartite(const Graph& g) {
    ColourTable table(g, std::max<VertexId>(max_degree(g), 1));
    for (VertexId u = 0; u < g.num_vertices(); ++u)
        for (VertexId v : g.neighbours(u)) {
            if (v < u) continue;
            const int a = table.first_free(u), b = table.first_free(v);
            // Konig: if a is taken at v, swapping a/b on the path from v frees it there; in a
            // bipartite graph that path never reaches u.
            if (!table.is_free(v, a)) table.flip_path(v, a, b);
            table.set(u, v, a);
        }
    return table.result();
}

} // namespace

EdgeColouring colour_misra_gries(const Graph& g) {
    ColourTable table(g, max_degree(g) + 1);
    std::vector<VertexId> fan;
    std::vector<char> in_fan(std::size_t(g.num_vertices()), 0);
    for (VertexId x = 0; x < g.num_vertices(); ++x)
        for (VertexId f0 : g.neighbours(x)) {
            if (f0 < x) continue;
            // Maximal fan of x starting at f0: each next link's colour is free at the previous.
            fan.assign(1, f0);
            in_fan[f0] = 1;
            for (bool grown = true; grown;) {
                grown = false;
                for (VertexId f : g.neighbours(x)) {
                    if (in_fan[f]) continue;
                    const int c = table.colour_of(x, f);
                    if (c >= 0 && table.is_free(fan.back(), c)) {
                        fan.push_back(f);
                        in_fan[f] = 1;
                        grown = true;
                        break;
                    }
                }
            }
            const int c = table.first_free(x), d = table.first_free(fan.back());
            if (c != d) table.flip_path(x, d, c); // the cd-path from x: afterwards d is free at x
            // The first fan vertex where d is free, with the prefix still a fan.
            std::size_t w = 0;
            for (std::size_t i = 0; i < fan.size(); ++i) {
                if (i > 0 && !table.is_free(fan[i - 1], table.colour_of(x, fan[i]))) break;
                w = i;
                if (table.is_free(fan[i], d)) break;
            }
            // Rotate the fan prefix: each link takes the colour of the next.
            for (std::size_t i = 0; i < w; ++i) {
                const int next = table.colour_of(x, fan[i + 1]);
                table.clear(x, fan[i + 1], next);
                table.set(x, fan[i], next);
            }
            table.set(x, fan[w], d);
            for (VertexId f : fan) in_fan[f] = 0;
        }
    return table.result();
}

EdgeColouring colour_edges(const Network& network) {
    const Graph& g = network.graph;
    if (g.adjncy.empty()) return EdgeColouring{0, {}};
    const bool even_wraps = (network.rows <= 2 || network.rows % 2 == 0) &&
                            (network.cols <= 2 || network.cols % 2 == 0);
    switch (network.topology) {
    case Topology::Mesh:
        return colour_grid(network);
    case Topology::Torus:
    case Topology::Ring:
        if (even_wraps) return colour_grid(network);
        break;
    case Topology::Hypercube: // the colour of a link is the bit in which its ends differ
        return colour_by(g, network.dimension,
                         [](VertexId v, VertexId u) { return std::countr_zero(unsigned(v ^ u)); });
    default:
        break;
    }
    if (is_bipartite(g)) return colour_bipartite(g);
    return colour_misra_gries(g);
}

} // namespace part::gde
