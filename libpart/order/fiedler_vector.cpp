#include "libpart/order/fiedler_vector.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "libpart/order/graph_search.hpp"
#include "libpart/order/small_eigen.hpp"

namespace part {

namespace {

using Vector = std::vector<double>;

double dot(const Vector& a, const Vector& b) {
    return std::inner_product(a.begin(), a.end(), b.begin(), 0.0);
}

void remove_mean(Vector& x) {
    const double mean = std::accumulate(x.begin(), x.end(), 0.0) / double(x.size());
    for (double& v : x) v -= mean;
}

// y = L x with L = D - A (weighted).
void laplacian_times(const Graph& g, const Vector& x, Vector& y) {
    const VertexId n = g.num_vertices();
    for (VertexId u = 0; u < n; ++u) {
        double s = 0;
        for (EdgeOffset e = g.xadj[u]; e < g.xadj[u + 1]; ++e)
            s += g.edge_weight(e) * (x[u] - x[g.adjncy[e]]);
        y[u] = s;
    }
}

// a <- (a - sum coef_i b_i) / norm, applied alike to a vector and its Laplacian image.
void combine(Vector& a, double scale,
             std::initializer_list<std::pair<double, const Vector*>> terms) {
    for (std::size_t i = 0; i < a.size(); ++i) {
        double v = a[i];
        for (const auto& [c, b] : terms) v -= c * (*b)[i];
        a[i] = v * scale;
    }
}

// BFS distance from a pseudo-peripheral vertex; vertices of other components sit one beyond
// the farthest, so the start already separates components.
Vector bfs_start(const Graph& g, int seed) {
    const VertexId n = g.num_vertices();
    std::vector<VertexId> distance(std::size_t(n), -1);
    const VertexId root = pseudo_peripheral_vertex(g, seed > 0 ? VertexId(seed % n) : 0, distance);
    breadth_first(g, root, distance);
    const VertexId far = *std::max_element(distance.begin(), distance.end()) + 1;
    std::mt19937 random(std::uint32_t(seed < 0 ? 0 : seed));
    Vector x(static_cast<std::size_t>(n));
    for (VertexId v = 0; v < n; ++v)
        x[v] = double(distance[v] < 0 ? far : distance[v]) +
               1e-3 * (double(random()) / 4294967296.0 - 0.5);
    return x;
}

} // namespace

FiedlerResult fiedler_vector(const Graph& g, const FiedlerOptions& options) {
    const VertexId n = g.num_vertices();
    FiedlerResult result;
    if (n < 3 || g.adjncy.empty()) { // nothing to solve: keep the given order
        result.vector.resize(static_cast<std::size_t>(n));
        for (VertexId v = 0; v < n; ++v) result.vector[v] = double(v);
        remove_mean(result.vector);
        return result;
    }
    Vector diagonal(static_cast<std::size_t>(n));
    for (VertexId u = 0; u < n; ++u) {
        double d = 0;
        for (EdgeOffset e = g.xadj[u]; e < g.xadj[u + 1]; ++e) d += g.edge_weight(e);
        diagonal[u] = d > 0 ? d : 1;
    }
    Vector x = bfs_start(g, options.seed), lx(x.size()), w(x.size()), lw(x.size()), p, lp;
    remove_mean(x);
    combine(x, 1 / std::sqrt(dot(x, x)), {});
    laplacian_times(g, x, lx);
    double lambda = dot(x, lx);
    int it = 0;
    for (; it < options.max_iterations; ++it) {
        for (std::size_t i = 0; i < x.size(); ++i) w[i] = lx[i] - lambda * x[i];
        if (std::sqrt(dot(w, w)) <= options.tolerance * lambda) break;
        for (std::size_t i = 0; i < x.size(); ++i) w[i] /= diagonal[i];
        remove_mean(w);
        laplacian_times(g, w, lw);
        // Orthonormal basis [x, w, p] of the trial space, with Laplacian images.
        const double xw = dot(x, w);
        combine(w, 1, {{xw, &x}});
        combine(lw, 1, {{xw, &lx}});
        const double wn = std::sqrt(dot(w, w));
        if (!(wn > 1e-14)) break;
        combine(w, 1 / wn, {});
        combine(lw, 1 / wn, {});
        int order = 2;
        if (!p.empty()) {
            const double xp = dot(x, p), wp = dot(w, p);
            combine(p, 1, {{xp, &x}, {wp, &w}});
            combine(lp, 1, {{xp, &lx}, {wp, &lw}});
            const double pn = std::sqrt(dot(p, p));
            if (pn > 1e-14) {
                combine(p, 1 / pn, {});
                combine(lp, 1 / pn, {});
                order = 3;
            }
        }
        const Vector* basis[3] = {&x, &w, &p};
        const Vector* images[3] = {&lx, &lw, &lp};
        std::array<double, 9> h{};
        for (int i = 0; i < order; ++i)
            for (int j = i; j < order; ++j)
                h[i * 3 + j] = h[j * 3 + i] = dot(*basis[i], *images[j]);
        const SmallEigen ritz = symmetric_eigen(h, order);
        const double c0 = ritz.vectors[0], c1 = ritz.vectors[3],
                     c2 = order == 3 ? ritz.vectors[6] : 0;
        // New search direction: the part of the update outside x.
        Vector p_new(x.size()), lp_new(x.size());
        for (std::size_t i = 0; i < x.size(); ++i) {
            p_new[i] = c1 * w[i] + (order == 3 ? c2 * p[i] : 0);
            lp_new[i] = c1 * lw[i] + (order == 3 ? c2 * lp[i] : 0);
            x[i] = c0 * x[i] + p_new[i];
            lx[i] = c0 * lx[i] + lp_new[i];
        }
        p = std::move(p_new);
        lp = std::move(lp_new);
        remove_mean(x);
        const double xn = std::sqrt(dot(x, x));
        combine(x, 1 / xn, {});
        if ((it + 1) % 20 == 0)
            laplacian_times(g, x, lx); // no drift in the image
        else
            combine(lx, 1 / xn, {});
        lambda = dot(x, lx);
    }
    result.vector = std::move(x);
    result.eigenvalue = lambda;
    result.iterations = it;
    return result;
}

Graph induced_subgraph(const Graph& graph, std::span<const VertexId> vertices,
                       std::vector<VertexId>& local) {
    for (std::size_t i = 0; i < vertices.size(); ++i) local[vertices[i]] = VertexId(i);
    Graph sub;
    sub.xadj.reserve(vertices.size() + 1);
    for (VertexId v : vertices) {
        for (EdgeOffset e = graph.xadj[v]; e < graph.xadj[v + 1]; ++e) {
            const VertexId u = local[graph.adjncy[e]];
            if (u < 0) continue;
            sub.adjncy.push_back(u);
            if (graph.has_edge_weights()) sub.adjwgt.push_back(graph.adjwgt[e]);
        }
        sub.xadj.push_back(EdgeOffset(sub.adjncy.size()));
    }
    for (VertexId v : vertices) local[v] = -1;
    return sub;
}

} // namespace part
