#include "libpart/order/bisection_keys.hpp"

#include <array>
#include <cmath>
#include <memory>

#include "libpart/order/coordinates_check.hpp"
#include "libpart/order/small_eigen.hpp"

namespace part {

BisectionKey coordinate_key(const Graph& graph) {
    auto points = std::make_shared<std::vector<double>>();
    return [&graph, points](std::span<const VertexId> vertices, std::span<double> keys) {
        // The subset's points gathered in one pass (each read once, not once per axis and
        // again for the keys) with their bounding box.
        const Coordinates& c = graph.coords;
        const int dim = c.dim;
        points->resize(vertices.size() * std::size_t(dim));
        std::array<double, 3> lo, hi;
        lo.fill(INFINITY);
        hi.fill(-INFINITY);
        for (std::size_t i = 0; i < vertices.size(); ++i)
            for (int a = 0; a < dim; ++a) {
                const double x = (*points)[i * dim + a] = c.at(vertices[i], a);
                lo[a] = std::min(lo[a], x);
                hi[a] = std::max(hi[a], x);
            }
        int axis = 0;
        for (int a = 1; a < dim; ++a)
            if (hi[a] - lo[a] > hi[axis] - lo[axis]) axis = a;
        for (std::size_t i = 0; i < vertices.size(); ++i) keys[i] = (*points)[i * dim + axis];
    };
}

BisectionKey inertial_key(const Graph& graph) {
    return [&graph](std::span<const VertexId> vertices, std::span<double> keys) {
        const Coordinates& c = graph.coords;
        const int dim = c.dim;
        // Zero weights still count a little.
        auto weight = [&](VertexId v) {
            return std::max<Weight>(graph.vertex_weight(v), 0) + 1e-12;
        };
        std::array<double, 3> centre{};
        double total = 0;
        for (VertexId v : vertices) {
            for (int a = 0; a < dim; ++a) centre[a] += weight(v) * c.at(v, a);
            total += weight(v);
        }
        for (int a = 0; a < dim; ++a) centre[a] /= total;
        std::array<double, 9> inertia{};
        for (VertexId v : vertices) {
            const double w = weight(v);
            for (int a = 0; a < dim; ++a)
                for (int b = a; b < dim; ++b)
                    inertia[a * 3 + b] += w * (c.at(v, a) - centre[a]) * (c.at(v, b) - centre[b]);
        }
        for (int a = 0; a < dim; ++a)
            for (int b = 0; b < a; ++b) inertia[a * 3 + b] = inertia[b * 3 + a];
        const SmallEigen axes = symmetric_eigen(inertia, dim);
        std::array<double, 3> principal{};
        for (int a = 0; a < dim; ++a) principal[a] = axes.vectors[a * 3 + (dim - 1)];
        for (std::size_t i = 0; i < vertices.size(); ++i) {
            double k = 0;
            for (int a = 0; a < dim; ++a) k += principal[a] * (c.at(vertices[i], a) - centre[a]);
            keys[i] = k;
        }
    };
}

BisectionKey spectral_key(const Graph& graph, const FiedlerOptions& options) {
    auto local = std::make_shared<std::vector<VertexId>>(std::size_t(graph.num_vertices()), -1);
    return [&graph, options, local](std::span<const VertexId> vertices, std::span<double> keys) {
        const Graph sub = induced_subgraph(graph, vertices, *local);
        const FiedlerResult fiedler = fiedler_vector(sub, options);
        std::copy(fiedler.vector.begin(), fiedler.vector.end(), keys.begin());
    };
}

BisectionKey bisection_key(const Graph& graph, std::string_view method, FiedlerOptions fiedler,
                           int seed) {
    fiedler.seed = std::max(seed, 0);
    if (method == "spectral") return spectral_key(graph, fiedler);
    require_coordinates(graph, method);
    return method == "rcb" ? coordinate_key(graph) : inertial_key(graph);
}

} // namespace part
