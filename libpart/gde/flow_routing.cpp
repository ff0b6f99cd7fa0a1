#include "libpart/gde/flow_routing.hpp"

#include <algorithm>
#include <functional>
#include <queue>

#include "libpart/gde/edge_colouring.hpp"

namespace part::gde {

std::vector<EdgeOffset> reverse_entries(const Graph& graph) {
    std::vector<EdgeOffset> reverse(graph.adjncy.size(), -1);
    for (VertexId v = 0; v < graph.num_vertices(); ++v)
        for (EdgeOffset e = graph.xadj[v]; e < graph.xadj[v + 1]; ++e)
            reverse[e] = find_link(graph, graph.adjncy[e], v);
    return reverse;
}

namespace {

// Breadth-first parents from `source`, lower ids first; -1 where unreachable.
std::vector<PartId> bfs_parents(const Graph& g, PartId source) {
    std::vector<PartId> parent(std::size_t(g.num_vertices()), -1);
    std::vector<PartId> queue{source};
    parent[source] = source;
    for (std::size_t head = 0; head < queue.size(); ++head)
        for (VertexId v : g.neighbours(queue[head]))
            if (parent[v] < 0) {
                parent[v] = queue[head];
                queue.push_back(v);
            }
    return parent;
}

// Sends `amount` more along adjacency entry e, keeping the flows antisymmetric.
void add_flow(std::vector<WeightSum>& outflow, const std::vector<EdgeOffset>& reverse, EdgeOffset e,
              WeightSum amount) {
    outflow[e] += amount;
    outflow[reverse[e]] -= amount;
}

} // namespace

RoutedFlows route_flows(const Graph& quotient, const Graph& network,
                        const std::vector<WeightSum>& link_outflow, const ProcessorMap& map) {
    RoutedFlows routed;
    routed.outflow.assign(quotient.adjncy.size(), 0);
    const auto reverse = reverse_entries(quotient);
    std::vector<std::vector<PartId>> parents(
        std::size_t(quotient.num_vertices())); // BFS trees, on demand
    for (VertexId v = 0; v < network.num_vertices(); ++v)
        for (EdgeOffset e = network.xadj[v]; e < network.xadj[v + 1]; ++e) {
            const VertexId u = network.adjncy[e];
            if (v > u || link_outflow[e] == 0) continue;
            LinkFlow flow{v, u, map.part_on[v], map.part_on[u], link_outflow[e], {}};
            if (flow.amount < 0) {
                std::swap(flow.from_processor, flow.to_processor);
                std::swap(flow.from, flow.to);
                flow.amount = -flow.amount;
            }
            if (find_link(quotient, flow.from, flow.to) >= 0) {
                flow.route = {flow.from, flow.to};
            } else {
                // Figure 11(b): follow a shortest path of the quotient graph instead.
                auto& parent = parents[flow.to];
                if (parent.empty()) parent = bfs_parents(quotient, flow.to);
                if (parent[flow.from] < 0) { // no route: left empty
                    routed.unroutable += flow.amount;
                    routed.direct.push_back({flow.from, flow.to, flow.amount});
                } else {
                    for (PartId p = flow.from; p != flow.to; p = parent[p]) flow.route.push_back(p);
                    flow.route.push_back(flow.to);
                }
            }
            for (std::size_t i = 0; i + 1 < flow.route.size(); ++i)
                add_flow(routed.outflow, reverse,
                         find_link(quotient, flow.route[i], flow.route[i + 1]), flow.amount);
            routed.links.push_back(std::move(flow));
        }
    return routed;
}

namespace {

// A directed cycle of positive flow as adjacency entries, or empty.
std::vector<EdgeOffset> find_cycle(const Graph& q, const std::vector<WeightSum>& outflow) {
    const VertexId k = q.num_vertices();
    std::vector<char> colour(std::size_t(k), 0);               // 0 new, 1 on the stack, 2 done
    std::vector<EdgeOffset> next(static_cast<std::size_t>(k)); // next entry to try per part
    std::vector<EdgeOffset> path;                              // entries from the root to the top
    std::vector<PartId> stack;
    for (PartId root = 0; root < k; ++root) {
        if (colour[root]) continue;
        stack.assign(1, root);
        path.clear();
        colour[root] = 1;
        next[root] = q.xadj[root];
        while (!stack.empty()) {
            const PartId u = stack.back();
            if (next[u] == q.xadj[u + 1]) {
                colour[u] = 2;
                stack.pop_back();
                if (!path.empty()) path.pop_back();
                continue;
            }
            const EdgeOffset e = next[u]++;
            if (outflow[e] <= 0) continue;
            const PartId v = q.adjncy[e];
            if (colour[v] == 1) {
                // The cycle is the path from v's position on the stack, closed by e.
                const auto at = std::find(stack.begin(), stack.end(), v) - stack.begin();
                std::vector<EdgeOffset> cycle(path.begin() + at, path.end());
                cycle.push_back(e);
                return cycle;
            }
            if (colour[v] == 0) {
                colour[v] = 1;
                next[v] = q.xadj[v];
                stack.push_back(v);
                path.push_back(e);
            }
        }
    }
    return {};
}

} // namespace

bool has_flow_cycle(const Graph& quotient, const std::vector<WeightSum>& outflow) {
    return !find_cycle(quotient, outflow).empty();
}

WeightSum eliminate_cycles(const Graph& quotient, std::vector<WeightSum>& outflow) {
    const auto reverse = reverse_entries(quotient);
    WeightSum removed = 0;
    for (auto cycle = find_cycle(quotient, outflow); !cycle.empty();
         cycle = find_cycle(quotient, outflow)) {
        WeightSum smallest = outflow[cycle.front()];
        for (EdgeOffset e : cycle) smallest = std::min(smallest, outflow[e]);
        for (EdgeOffset e : cycle) add_flow(outflow, reverse, e, -smallest);
        removed += smallest * WeightSum(cycle.size());
    }
    return removed;
}

WeightSum shortcut_transit(const Graph& q, std::vector<WeightSum>& outflow) {
    const auto reverse = reverse_entries(q);
    WeightSum shortcut = 0;
    bool changed = true;
    for (VertexId pass = 0; changed && pass < q.num_vertices(); ++pass) {
        changed = false;
        for (PartId b = 0; b < q.num_vertices(); ++b)
            for (EdgeOffset in = q.xadj[b]; in < q.xadj[b + 1]; ++in) {
                const PartId a = q.adjncy[in]; // flow a -> b is outflow[b -> a] < 0
                for (EdgeOffset out = q.xadj[b]; out < q.xadj[b + 1] && outflow[in] < 0; ++out) {
                    const PartId c = q.adjncy[out];
                    if (outflow[out] <= 0 || c == a) continue;
                    const EdgeOffset across = find_link(q, a, c);
                    if (across < 0) continue;
                    const WeightSum x = std::min(-outflow[in], outflow[out]);
                    add_flow(outflow, reverse, in, x);
                    add_flow(outflow, reverse, out, -x);
                    add_flow(outflow, reverse, across, x);
                    shortcut += x;
                    changed = true;
                }
            }
    }
    return shortcut;
}

std::vector<PartId> flow_order(const Graph& q, const std::vector<WeightSum>& outflow) {
    const VertexId k = q.num_vertices();
    std::vector<int> inflows(std::size_t(k), 0);
    for (VertexId v = 0; v < k; ++v)
        for (EdgeOffset e = q.xadj[v]; e < q.xadj[v + 1]; ++e)
            if (outflow[e] > 0) ++inflows[q.adjncy[e]];
    std::priority_queue<PartId, std::vector<PartId>, std::greater<>> ready;
    for (PartId p = 0; p < k; ++p)
        if (inflows[p] == 0) ready.push(p);
    std::vector<PartId> order;
    while (!ready.empty()) {
        const PartId u = ready.top();
        ready.pop();
        order.push_back(u);
        for (EdgeOffset e = q.xadj[u]; e < q.xadj[u + 1]; ++e)
            if (outflow[e] > 0 && --inflows[q.adjncy[e]] == 0) ready.push(q.adjncy[e]);
    }
    if (order.size() != std::size_t(k)) throw Error("the part flows contain a cycle");
    return order;
}

std::vector<WeightSum> net_outflow(const Graph& q, const std::vector<WeightSum>& outflow) {
    std::vector<WeightSum> net(std::size_t(q.num_vertices()), 0);
    for (VertexId v = 0; v < q.num_vertices(); ++v)
        for (EdgeOffset e = q.xadj[v]; e < q.xadj[v + 1]; ++e) net[v] += outflow[e];
    return net;
}

} // namespace part::gde
