// The halo exchange schedule (part/part.hpp): which owned vertices each neighbour rank needs and
// which of its vertices this rank needs, both sorted by id (Kaddoura & Ranka's schedule_sort),
// so that the two sides of a message agree on its order without exchanging ids.
#include <algorithm>
#include <map>

#include "part/part.hpp"

namespace part::api {

namespace {

std::string id_text(std::int64_t id) {
    return std::to_string(id);
}

// The rank hosting each vertex, checked.
std::vector<std::int32_t> rank_of_vertices(std::span<const std::int32_t> part,
                                           std::span<const std::int32_t> rank_of_part) {
    std::vector<std::int32_t> rank(part.size());
    for (std::size_t v = 0; v < part.size(); ++v) {
        const std::int32_t p = part[v];
        if (p < 0 || (!rank_of_part.empty() && std::size_t(p) >= rank_of_part.size()))
            throw Error("part[" + id_text(std::int64_t(v)) + "] = " + id_text(p) +
                        " is not a part of rank_of_part");
        rank[v] = rank_of_part.empty() ? p : rank_of_part[std::size_t(p)];
    }
    return rank;
}

void check_rows(const OwnedRows& rows) {
    if (rows.offsets.size() != rows.ids.size() + 1 || rows.offsets.front() != 0 ||
        rows.offsets.back() != std::int64_t(rows.neighbours.size()) ||
        !std::is_sorted(rows.offsets.begin(), rows.offsets.end()))
        throw Error("owned rows: offsets must hold ids.size() + 1 values rising from 0 to the "
                    "length of neighbours");
}

void sort_unique(std::vector<std::int32_t>& ids) {
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
}

} // namespace

HaloSchedule halo_schedule(const OwnedRows& rows, std::span<const std::int32_t> part,
                           std::span<const std::int32_t> rank_of_part, std::int32_t rank) {
    check_rows(rows);
    const std::vector<std::int32_t> rank_of = rank_of_vertices(part, rank_of_part);
    const auto n = std::int64_t(part.size());
    std::map<std::int32_t, HaloNeighbour> by_rank;
    for (std::size_t i = 0; i < rows.ids.size(); ++i) {
        const std::int32_t v = rows.ids[i];
        if (v < 0 || v >= n || rank_of[std::size_t(v)] != rank)
            throw Error("owned id " + id_text(v) + " is not a vertex of rank " + id_text(rank));
        for (auto e = rows.offsets[i]; e < rows.offsets[i + 1]; ++e) {
            const std::int32_t u = rows.neighbours[std::size_t(e)];
            if (u < 0 || u >= n)
                throw Error("neighbour " + id_text(u) + " of vertex " + id_text(v) +
                            " is out of range");
            const std::int32_t other = rank_of[std::size_t(u)];
            if (other == rank) continue;
            HaloNeighbour& neighbour = by_rank[other];
            neighbour.send.push_back(v);
            neighbour.receive.push_back(u);
        }
    }
    HaloSchedule schedule;
    for (auto& [other, neighbour] : by_rank) {
        neighbour.rank = other;
        sort_unique(neighbour.send);
        sort_unique(neighbour.receive);
        schedule.neighbours.push_back(std::move(neighbour));
    }
    return schedule;
}

HaloSchedule halo_schedule(const GraphView& graph, std::span<const std::int32_t> part,
                           std::span<const std::int32_t> rank_of_part, std::int32_t rank) {
    if (graph.xadj.size() != part.size() + 1)
        throw Error("the partition has " + id_text(std::int64_t(part.size())) +
                    " vertices, the graph " + id_text(std::int64_t(graph.xadj.size()) - 1));
    if (graph.xadj.front() != 0 || graph.xadj.back() != std::int64_t(graph.adjncy.size()) ||
        !std::is_sorted(graph.xadj.begin(), graph.xadj.end()))
        throw Error("xadj must rise from 0 to the length of adjncy");
    const std::vector<std::int32_t> rank_of = rank_of_vertices(part, rank_of_part);
    std::vector<std::int32_t> ids;
    std::vector<std::int64_t> xadj{0};
    std::vector<std::int32_t> adjncy;
    for (std::size_t v = 0; v < part.size(); ++v) {
        if (rank_of[v] != rank) continue;
        ids.push_back(std::int32_t(v));
        adjncy.insert(adjncy.end(), graph.adjncy.begin() + graph.xadj[v],
                      graph.adjncy.begin() + graph.xadj[v + 1]);
        xadj.push_back(std::int64_t(adjncy.size()));
    }
    return halo_schedule(OwnedRows{ids, xadj, adjncy}, part, rank_of_part, rank);
}

std::vector<std::int32_t> ghost_ids(const HaloSchedule& schedule) {
    std::vector<std::int32_t> ids;
    for (const HaloNeighbour& neighbour : schedule.neighbours)
        ids.insert(ids.end(), neighbour.receive.begin(), neighbour.receive.end());
    return ids;
}

} // namespace part::api
