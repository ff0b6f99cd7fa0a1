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

Graph sorted_graph(VertexId n, std::vector<WeightedEdge> edges) {
    Graph g = graph_from_edges(n, edges);
    for (VertexId v = 0; v < n; ++v)
        std::sort(g.adjncy.begin() + g.xadj[v], g.adjncy.begin() + g.xadj[v + 1]);
    return g;
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
    std::vector<WeightedEdge> edges;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            const VertexId v = r * cols + c;
            if (c + 1 < cols) edges.push_back({v, v + 1});
            if (r + 1 < rows) edges.push_back({v, v + cols});
        }
    Network n{Topology::Mesh,
              rows,
              cols,
              0,
              sorted_graph(rows * cols, edges),
              "mesh:" + std::to_string(rows) + "x" + std::to_string(cols)};
    return n;
}

Network make_torus(int rows, int cols) {
    Network n = make_mesh(rows, cols);
    std::vector<WeightedEdge> edges;
    for (VertexId v = 0; v < n.graph.num_vertices(); ++v)
        for (VertexId u : n.graph.neighbours(v))
            if (v < u) edges.push_back({v, u});
    // Wrap links only where they are new: a side of 2 is already closed, a side of 1 has none.
    if (cols > 2)
        for (int r = 0; r < rows; ++r) edges.push_back({r * cols, r * cols + cols - 1});
    if (rows > 2)
        for (int c = 0; c < cols; ++c) edges.push_back({c, (rows - 1) * cols + c});
    n.topology = Topology::Torus;
    n.graph = sorted_graph(rows * cols, edges);
    n.name = "torus:" + std::to_string(rows) + "x" + std::to_string(cols);
    return n;
}

Network make_hypercube(int dimension) {
    const VertexId count = VertexId(1) << dimension;
    std::vector<WeightedEdge> edges;
    for (VertexId v = 0; v < count; ++v)
        for (int d = 0; d < dimension; ++d)
            if (!(v & (1 << d))) edges.push_back({v, v | (1 << d)});
    return Network{Topology::Hypercube,
                   0,
                   0,
                   dimension,
                   sorted_graph(count, edges),
                   "hypercube:" + std::to_string(dimension)};
}

Network make_ring(int processors) {
    Network n = make_torus(1, processors);
    n.topology = Topology::Ring;
    n.name = "ring:" + std::to_string(processors);
    return n;
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
    for (VertexId v = 0; v < graph.num_vertices(); ++v)
        if (!std::is_sorted(graph.adjncy.begin() + graph.xadj[v],
                            graph.adjncy.begin() + graph.xadj[v + 1])) {
            // Sorting keeps colourings and routes independent of the file's neighbour order.
            std::vector<std::pair<VertexId, Weight>> row;
            for (EdgeOffset e = graph.xadj[v]; e < graph.xadj[v + 1]; ++e)
                row.emplace_back(graph.adjncy[e], graph.edge_weight(e));
            std::sort(row.begin(), row.end());
            for (EdgeOffset e = graph.xadj[v]; e < graph.xadj[v + 1]; ++e) {
                graph.adjncy[e] = row[e - graph.xadj[v]].first;
                if (graph.has_edge_weights()) graph.adjwgt[e] = row[e - graph.xadj[v]].second;
            }
        }
    Network n;
    n.topology = topology;
    n.graph = std::move(graph);
    n.name = std::move(name);
    return n;
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
