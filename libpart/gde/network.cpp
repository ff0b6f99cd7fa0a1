#include "libpart/gde/network.hpp"

#include <algorithm>
#include <charconv>

#include "libpart/core/graph_builder.hpp"

namespace part::gde {

namespace {

const char* kAcceptedForms =
    "expected quotient, mesh:RxC, torus:RxC, hypercube:D, ring:P or a Chaco graph file";

[[noreturn]] void bad_spec(std::string_view spec, const std::string& why) {
    throw InvalidArgument("network '" + std::string(spec) + "': " + why + "; " + kAcceptedForms);
}

int parse_size(std::string_view spec, std::string_view text, int max_value) {
    int value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value < 1 || value > max_value) {
        std::string why(text); // built in steps: GCC 12 warns falsely on "'" + string
        why.insert(0, 1, '\'');
        why += "' is not a size from 1 to " + std::to_string(max_value);
        bad_spec(spec, why);
    }
    return value;
}

void parse_grid(std::string_view spec, std::string_view sizes, NetworkSpec& out) {
    const auto x = sizes.find('x');
    if (x == std::string_view::npos) bad_spec(spec, "sizes must read RxC");
    out.rows = parse_size(spec, sizes.substr(0, x), 1 << 15);
    out.cols = parse_size(spec, sizes.substr(x + 1), 1 << 15);
    if (std::int64_t(out.rows) * out.cols > (1 << 24)) bad_spec(spec, "too many processors");
}

// Sorts every row by neighbour id, weights following: colourings and routes then do not
// depend on the order in which a file or an edge list gave the neighbours.
void sort_rows(Graph& g) {
    std::vector<std::pair<VertexId, Weight>> row;
    for (VertexId v = 0; v < g.num_vertices(); ++v) {
        row.clear();
        for (EdgeOffset e = g.xadj[v]; e < g.xadj[v + 1]; ++e)
            row.emplace_back(g.adjncy[e], g.edge_weight(e));
        std::sort(row.begin(), row.end());
        for (EdgeOffset e = g.xadj[v]; e < g.xadj[v + 1]; ++e) {
            g.adjncy[e] = row[e - g.xadj[v]].first;
            if (g.has_edge_weights()) g.adjwgt[e] = row[e - g.xadj[v]].second;
        }
    }
}

Network regular_network(Topology topology, int rows, int cols, int dimension, VertexId processors,
                        const std::vector<WeightedEdge>& links, std::string name) {
    Graph graph = graph_from_edges(processors, links);
    sort_rows(graph);
    return {topology, rows, cols, dimension, std::move(graph), std::move(name)};
}

// Links of a rows x cols grid, processor r*cols + c. `wrap` adds the links that close rows and
// columns into rings, only where they are new: a side of 2 is already closed, 1 has none.
std::vector<WeightedEdge> grid_links(int rows, int cols, bool wrap) {
    std::vector<WeightedEdge> edges;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            const VertexId v = r * cols + c;
            if (c + 1 < cols) edges.push_back({v, v + 1});
            if (r + 1 < rows) edges.push_back({v, v + cols});
        }
    if (wrap && cols > 2)
        for (int r = 0; r < rows; ++r) edges.push_back({r * cols, r * cols + cols - 1});
    if (wrap && rows > 2)
        for (int c = 0; c < cols; ++c) edges.push_back({c, (rows - 1) * cols + c});
    return edges;
}

std::string grid_name(const char* kind, int rows, int cols) {
    return kind + std::to_string(rows) + "x" + std::to_string(cols);
}

} // namespace

NetworkSpec parse_network_spec(std::string_view spec) {
    NetworkSpec out;
    if (spec == "quotient") return out;
    const auto colon = spec.find(':');
    if (colon == std::string_view::npos) {
        if (spec.empty()) bad_spec(spec, "empty");
        out.topology = Topology::File;
        out.path = std::string(spec);
        return out;
    }
    const std::string_view kind = spec.substr(0, colon), value = spec.substr(colon + 1);
    if (kind == "mesh" || kind == "torus") {
        out.topology = kind == "mesh" ? Topology::Mesh : Topology::Torus;
        parse_grid(spec, value, out);
    } else if (kind == "hypercube") {
        out.topology = Topology::Hypercube;
        out.dimension = parse_size(spec, value, 24);
    } else if (kind == "ring") {
        out.topology = Topology::Ring;
        out.rows = 1;
        out.cols = parse_size(spec, value, 1 << 24);
    } else if (kind == "file") {
        if (value.empty()) bad_spec(spec, "no file name");
        out.topology = Topology::File;
        out.path = std::string(value);
    } else {
        bad_spec(spec, "unknown topology '" + std::string(kind) + "'");
    }
    return out;
}

int Network::lambda_side() const {
    if (topology == Topology::Mesh) return std::max(rows, cols);
    if (topology == Topology::Torus || topology == Topology::Ring)
        return (std::max(rows, cols) + 1) / 2;
    return 0;
}

Network make_mesh(int rows, int cols) {
    return regular_network(Topology::Mesh, rows, cols, 0, rows * cols,
                           grid_links(rows, cols, false), grid_name("mesh:", rows, cols));
}

Network make_torus(int rows, int cols) {
    return regular_network(Topology::Torus, rows, cols, 0, rows * cols,
                           grid_links(rows, cols, true), grid_name("torus:", rows, cols));
}

Network make_hypercube(int dimension) {
    const VertexId count = VertexId(1) << dimension;
    std::vector<WeightedEdge> edges;
    for (VertexId v = 0; v < count; ++v)
        for (int d = 0; d < dimension; ++d)
            if (!(v & (1 << d))) edges.push_back({v, v | (1 << d)});
    return regular_network(Topology::Hypercube, 0, 0, dimension, count, edges,
                           "hypercube:" + std::to_string(dimension));
}

Network make_ring(int processors) {
    return regular_network(Topology::Ring, 1, processors, 0, processors,
                           grid_links(1, processors, true), "ring:" + std::to_string(processors));
}

Network make_network(const NetworkSpec& spec) {
    switch (spec.topology) {
    case Topology::Mesh:
        return make_mesh(spec.rows, spec.cols);
    case Topology::Torus:
        return make_torus(spec.rows, spec.cols);
    case Topology::Hypercube:
        return make_hypercube(spec.dimension);
    case Topology::Ring:
        return make_ring(spec.cols);
    default:
        throw InvalidArgument("make_network needs a regular topology");
    }
}

Network network_from_graph(Graph graph, Topology topology, std::string name) {
    validate(graph);
    sort_rows(graph);
    return {topology, 0, 0, 0, std::move(graph), std::move(name)};
}

void check_one_processor_per_part(const Network& network, PartId parts,
                                  const std::string& partition_name) {
    if (network.num_processors() != parts)
        throw InvalidArgument("network " + network.name + " has " +
                              std::to_string(network.num_processors()) + " processors but " +
                              partition_name + " has " + std::to_string(parts) +
                              " parts; expected a network of exactly K processors");
}

} // namespace part::gde
