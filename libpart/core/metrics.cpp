#include "libpart/core/metrics.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <tuple>

#include "libpart/core/part_links.hpp"
#include "libpart/core/saturated_weight.hpp"

namespace part {

// The loops below read the arrays through local pointers and test for weights once, outside
// them: through the Graph's accessors each edge reloaded the vectors and tested whether
// weights were present (the report and GDE rounds run them on every edge).

WeightSum edge_cut(const Graph& graph, const std::vector<PartId>& part) {
    const EdgeOffset* const xadj = graph.xadj.data();
    const VertexId* const adjncy = graph.adjncy.data();
    const Weight* const adjwgt = graph.has_edge_weights() ? graph.adjwgt.data() : nullptr;
    const PartId* const parts = part.data();
    WeightSum cut = 0;
    for (VertexId u = 0; u < graph.num_vertices(); ++u) {
        const PartId p = parts[u];
        if (adjwgt)
            for (EdgeOffset e = xadj[u]; e < xadj[u + 1]; ++e)
                cut += parts[adjncy[e]] != p ? adjwgt[e] : 0;
        else
            for (EdgeOffset e = xadj[u]; e < xadj[u + 1]; ++e) cut += parts[adjncy[e]] != p;
    }
    return cut / 2;
}

WeightSum communication_volume(const Graph& graph, const std::vector<PartId>& part,
                               PartId num_parts) {
    std::vector<VertexId> seen_by(std::size_t(num_parts), -1);
    WeightSum volume = 0;
    for (VertexId u = 0; u < graph.num_vertices(); ++u) {
        seen_by[part[u]] = u;
        WeightSum other_parts = 0;
        for (VertexId v : graph.neighbours(u))
            if (seen_by[part[v]] != u) {
                seen_by[part[v]] = u;
                ++other_parts;
            }
        volume += other_parts * graph.vertex_size(u);
    }
    return volume;
}

namespace {

// With unit vertex weights every constraint of a part weighs its vertex count: copies
// constraint 0's sums (counted alone) to the others. `weights` holds ncon sums per part.
void copy_first_constraint(std::vector<WeightSum>& weights, int ncon) {
    for (std::size_t p = 0; p + std::size_t(ncon) <= weights.size(); p += std::size_t(ncon))
        for (int c = 1; c < ncon; ++c) weights[p + std::size_t(c)] = weights[p];
}

} // namespace

std::vector<WeightSum> part_weights(const Graph& graph, const std::vector<PartId>& part,
                                    PartId num_parts) {
    const int ncon = graph.num_constraints();
    std::vector<WeightSum> weights(std::size_t(num_parts) * ncon, 0);
    if (!graph.has_vertex_weights()) { // unit weights: vertices per part, for each constraint
        for (PartId p : part) weights[std::size_t(p) * ncon] += 1;
        copy_first_constraint(weights, ncon);
        return weights;
    }
    const Weight* const vwgt = graph.vwgt.data();
    if (ncon == 1) {
        for (VertexId v = 0; v < graph.num_vertices(); ++v)
            weights[std::size_t(part[v])] += vwgt[v];
        return weights;
    }
    for (VertexId v = 0; v < graph.num_vertices(); ++v)
        for (int c = 0; c < ncon; ++c)
            weights[std::size_t(part[v]) * ncon + c] += vwgt[std::size_t(v) * ncon + c];
    return weights;
}

namespace {

std::vector<double> imbalance_of(const Graph& graph, const Partition& partition,
                                 const std::vector<WeightSum>& weights) {
    const int ncon = graph.num_constraints();
    const auto total = graph.total_vertex_weight();
    std::vector<double> result(ncon, 1.0);
    for (int c = 0; c < ncon; ++c) {
        if (total[c] == 0) continue;
        double worst = 0;
        for (PartId p = 0; p < partition.num_parts; ++p)
            worst = std::max(worst, double(weights[std::size_t(p) * ncon + c]) /
                                        (partition.target(p) * double(total[c])));
        result[c] = worst;
    }
    return result;
}

} // namespace

std::vector<double> imbalance(const Graph& graph, const Partition& partition) {
    return imbalance_of(graph, partition, part_weights(graph, partition.part, partition.num_parts));
}

// One scan of the edges (the costly part) collects the cut edges as links; part_links.hpp groups
// and sums them: O(cut edges + K) plus a sort of each part's (short) list of neighbouring parts.
// Rows come out in ascending neighbour order. The same scan marks the border if asked.
Graph quotient_graph(const Graph& graph, const std::vector<PartId>& part, PartId num_parts,
                     std::vector<char>* border) {
    // Room reserved (not touched) for more cut entries than a partition worth refining has:
    // growing the list would copy it into fresh pages at each doubling.
    std::vector<PartLink> cut;
    cut.reserve(graph.adjncy.size() / 8);
    const VertexId n = graph.num_vertices();
    const EdgeOffset* const xadj = graph.xadj.data();
    const VertexId* const adjncy = graph.adjncy.data();
    const Weight* const adjwgt = graph.has_edge_weights() ? graph.adjwgt.data() : nullptr;
    const PartId* const parts = part.data();
    if (border) border->resize(std::size_t(n));
    char* const border_of = border ? border->data() : nullptr;
    const VertexId* row = adjncy + xadj[0]; // the row of u, then of u + 1, ...
    for (VertexId u = 0; u < n; ++u) {
        const PartId p = parts[u];
        const VertexId* const row_end = adjncy + xadj[u + 1];
        // Most rows lie inside their part: a loop that only compares finds out.
        while (row != row_end && parts[*row] == p) ++row;
        if (border_of) border_of[u] = row != row_end;
        for (; row != row_end; ++row) {
            const PartId q = parts[*row];
            if (p != q) cut.push_back({p, q, adjwgt ? adjwgt[row - adjncy] : 1});
        }
    }
    std::vector<std::size_t> first;
    const std::vector<PartLink> links = group_by_first_part(cut, num_parts, first);

    Graph q;
    q.xadj.assign(std::size_t(num_parts) + 1, 0);
    PartLinkSums sums(num_parts);
    for (PartId a = 0; a < num_parts; ++a) {
        sums.add_group(a, links.data() + first[a], links.data() + first[a + 1]);
        for (PartId b : sums.parts()) {
            q.adjncy.push_back(b);
            q.adjwgt.push_back(clamp_to_weight(sums.sum(b)));
        }
        q.xadj[a + 1] = EdgeOffset(q.adjncy.size());
    }
    // The part weights in a pass of their own: in the loop over the rows, their 64-bit stores
    // made the compiler reload the row offsets.
    const std::vector<WeightSum> weights = part_weights(graph, part, num_parts);
    q.ncon = graph.num_constraints();
    q.vwgt.resize(weights.size());
    for (std::size_t i = 0; i < weights.size(); ++i) q.vwgt[i] = clamp_to_weight(weights[i]);
    return q;
}

namespace {

// Everything compute_metrics needs from the vertices' neighbourhoods: a single pass instead of
// one per measure.
struct NeighbourhoodScan {
    WeightSum cut_both_ends = 0; // every cut edge counted from each end
    WeightSum volume = 0;
    VertexId boundary = 0;
    std::vector<WeightSum> weights;   // [p * ncon + c]
    std::vector<std::uint64_t> links; // distinct (p << 32 | q) for adjacent parts p != q
};

// Drops repeated (p << 32 | q) entries, grouping the rest by p: a counting sort on p, then a
// marker per q within each group, O(entries + K) (cheaper than sorting them all on long borders).
void keep_distinct_links(std::vector<std::uint64_t>& links, PartId num_parts) {
    std::vector<std::size_t> first(std::size_t(num_parts) + 1, 0);
    for (std::uint64_t link : links) ++first[(link >> 32) + 1];
    for (PartId p = 0; p < num_parts; ++p) first[p + 1] += first[p];
    std::vector<std::uint64_t> grouped(links.size());
    for (std::uint64_t link : links) grouped[first[link >> 32]++] = link;
    std::vector<PartId> marked_by(std::size_t(num_parts), -1);
    links.clear();
    for (std::uint64_t link : grouped) {
        const auto p = PartId(link >> 32), q = PartId(std::uint32_t(link));
        if (marked_by[q] == p) continue;
        marked_by[q] = p;
        links.push_back(link);
    }
}

// The sums of a NeighbourhoodScan while vertices are added to it, in members of their own
// (in the NeighbourhoodScan, every push of a link made the compiler store and reload them).
class ScanSums {
  public:
    ScanSums(const Graph& graph, const std::vector<PartId>& part, PartId num_parts)
        : graph_(graph), parts_(part.data()), ncon_(graph.num_constraints()),
          adjwgt_(graph.has_edge_weights() ? graph.adjwgt.data() : nullptr),
          vwgt_(graph.has_vertex_weights() ? graph.vwgt.data() : nullptr),
          weights_(std::size_t(num_parts) * ncon_, 0), seen_by_(std::size_t(num_parts), -1) {}

    // u's weight, to its part p.
    void add_weight(VertexId u, PartId p) {
        if (vwgt_)
            for (int c = 0; c < ncon_; ++c)
                weights_[std::size_t(p) * ncon_ + c] += vwgt_[std::size_t(u) * ncon_ + c];
        else
            weights_[std::size_t(p) * ncon_] += 1;
    }

    // u (in part p) has a neighbour in another part, among its row's entries [row, row_end)
    // (the rest of the row lies in p): its cut edges, volume and links.
    void add_boundary(VertexId u, PartId p, const VertexId* row, const VertexId* row_end) {
        const VertexId* const adjncy = graph_.adjncy.data();
        WeightSum other_parts = 0;
        for (; row != row_end; ++row) {
            const PartId q = parts_[*row];
            if (q == p) continue;
            cut_both_ends_ += adjwgt_ ? adjwgt_[row - adjncy] : 1;
            if (seen_by_[q] == u) continue;
            seen_by_[q] = u;
            ++other_parts;
            links_.push_back(std::uint64_t(p) << 32 | std::uint32_t(q));
        }
        ++boundary_;
        volume_ += other_parts * graph_.vertex_size(u);
    }

    NeighbourhoodScan finish(PartId num_parts) {
        if (!vwgt_) copy_first_constraint(weights_, ncon_); // unit weights count vertices
        keep_distinct_links(links_, num_parts);
        NeighbourhoodScan s;
        s.cut_both_ends = cut_both_ends_;
        s.volume = volume_;
        s.boundary = boundary_;
        s.weights = std::move(weights_);
        s.links = std::move(links_);
        return s;
    }

  private:
    const Graph& graph_;
    const PartId* parts_;
    int ncon_;
    const Weight* adjwgt_;
    const Weight* vwgt_;
    std::vector<WeightSum> weights_;
    std::vector<std::uint64_t> links_;
    WeightSum cut_both_ends_ = 0, volume_ = 0;
    VertexId boundary_ = 0;
    std::vector<VertexId> seen_by_;
};

// The scan of every vertex and the components per part (`components`) in one pass over the
// rows: a breadth-first search per component (as components_per_part) scans each vertex as
// it takes it from its queue, and reads a row a second time only for a boundary vertex. The
// sums do not depend on the order vertices are added in.
NeighbourhoodScan scan_with_components(const Graph& graph, const std::vector<PartId>& part,
                                       PartId num_parts, std::vector<VertexId>& components) {
    const VertexId n = graph.num_vertices();
    ScanSums sums(graph, part, num_parts);
    components.assign(std::size_t(num_parts), 0);
    const EdgeOffset* const xadj = graph.xadj.data();
    const VertexId* const adjncy = graph.adjncy.data();
    // One key per vertex: its part, with the sign bit set once the search reached it. A
    // neighbour is taken when its key is the part searched, without a branch (as in
    // part_components.cpp: it is always written at the tail, which moves on only if taken):
    // whether a neighbour is new is what the processor cannot predict.
    constexpr PartId kReached = std::numeric_limits<PartId>::min();
    std::vector<PartId> key = part;
    const auto queue = std::make_unique_for_overwrite<VertexId[]>(std::size_t(n) + 1);
    for (VertexId s = 0; s < n; ++s) {
        const PartId p = key[s];
        if (p < 0) continue; // reached
        ++components[p];
        key[s] = p | kReached;
        queue[0] = s;
        for (VertexId head = 0, tail = 1; head < tail; ++head) {
            const VertexId u = queue[head];
            sums.add_weight(u, p);
            const VertexId* const row = adjncy + xadj[u];
            const VertexId* const row_end = adjncy + xadj[u + 1];
            bool boundary = false;
            for (const VertexId* w = row; w != row_end; ++w) {
                const PartId w_key = key[*w];
                const bool take = w_key == p;
                boundary |= (w_key & ~kReached) != p;
                queue[tail] = *w;
                tail += take;
                key[*w] = w_key | (-PartId(take) & kReached);
            }
            if (boundary) sums.add_boundary(u, p, row, row_end);
        }
    }
    return sums.finish(num_parts);
}

void fill_neighbour_counts(PartitionMetrics& m, const std::vector<std::uint64_t>& links) {
    if (m.num_parts == 0) return;
    std::vector<PartId> degree(std::size_t(m.num_parts), 0);
    for (std::uint64_t link : links) ++degree[link >> 32];
    m.min_neighbour_parts = *std::min_element(degree.begin(), degree.end());
    m.max_neighbour_parts = *std::max_element(degree.begin(), degree.end());
    m.avg_neighbour_parts = double(links.size()) / m.num_parts;
}

PartitionMetrics metrics_from(const Graph& graph, const Partition& partition,
                              NeighbourhoodScan scan) {
    PartitionMetrics m;
    m.num_vertices = graph.num_vertices();
    m.num_edges = graph.num_edges();
    m.num_parts = partition.num_parts;
    m.num_constraints = graph.num_constraints();
    m.edge_cut = scan.cut_both_ends / 2;
    m.communication_volume = scan.volume;
    m.imbalance = imbalance_of(graph, partition, scan.weights);
    m.part_weights = std::move(scan.weights);
    m.boundary_vertices = scan.boundary;
    fill_neighbour_counts(m, scan.links);
    return m;
}

// Fills in m's component measures from the components per part.
void add_component_counts(PartitionMetrics& m, const std::vector<VertexId>& components) {
    m.empty_parts = m.disconnected_parts = m.total_components = 0;
    for (VertexId count : components) {
        if (count == 0) ++m.empty_parts;
        if (count > 1) ++m.disconnected_parts;
        m.total_components += count;
    }
}

} // namespace

PartitionMetrics compute_metrics(const Graph& graph, const Partition& partition) {
    validate(partition, graph);
    const PartId k = partition.num_parts;
    std::vector<VertexId> components;
    PartitionMetrics m =
        metrics_from(graph, partition, scan_with_components(graph, partition.part, k, components));
    add_component_counts(m, components);
    return m;
}

} // namespace part
