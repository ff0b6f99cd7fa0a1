#include "libpart/repart/part_seeding.hpp"

namespace part {

VertexId deepest_vertex(const Graph& graph, const std::vector<PartId>& part, PartId p) {
    std::vector<VertexId> distance(part.size(), -1), frontier;
    VertexId any = -1;
    for (VertexId v = 0; v < graph.num_vertices(); ++v) {
        if (part[v] != p) continue;
        if (any < 0) any = v;
        for (VertexId u : graph.neighbours(v))
            if (part[u] != p) {
                distance[v] = 0;
                frontier.push_back(v);
                break;
            }
    }
    if (frontier.empty()) return any; // the part is a whole component: any vertex will do
    VertexId deepest = frontier.front();
    for (std::size_t i = 0; i < frontier.size(); ++i) {
        const VertexId v = frontier[i];
        if (distance[v] > distance[deepest] || (distance[v] == distance[deepest] && v < deepest))
            deepest = v;
        for (VertexId u : graph.neighbours(v))
            if (part[u] == p && distance[u] < 0) {
                distance[u] = distance[v] + 1;
                frontier.push_back(u);
            }
    }
    return deepest;
}

WeightSum carve_ball(const Graph& graph, std::vector<PartId>& part, PartId host, PartId fresh,
                     VertexId centre, WeightSum wanted, WeightSum host_weight) {
    const WeightSum limit = std::max<WeightSum>(1, std::min(wanted, host_weight / 2));
    std::vector<char> queued(part.size(), 0);
    std::vector<VertexId> queue{centre};
    queued[centre] = 1;
    WeightSum taken = 0;
    for (std::size_t i = 0; i < queue.size() && taken < limit; ++i) {
        const VertexId v = queue[i];
        part[v] = fresh;
        taken += graph.vertex_weight(v);
        for (VertexId u : graph.neighbours(v))
            if (part[u] == host && !queued[u]) {
                queued[u] = 1;
                queue.push_back(u);
            }
    }
    return taken;
}

} // namespace part
