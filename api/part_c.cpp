// The C interface (api/include/part/part.h) over the C++ one: C arrays become spans, and
// exceptions become status codes with the message kept per thread for part_last_error().
#include "part/part.h"

#include <algorithm>
#include <string>

#include "c_status.hpp"
#include "part/part.hpp"

namespace part::api::detail {

std::string& last_error() {
    thread_local std::string text;
    return text;
}

} // namespace part::api::detail

namespace {

using part::api::detail::halo_of;
using part::api::detail::plan_of;
using part::api::detail::require;
using part::api::detail::span_of;
using part::api::detail::status_of;

part::api::GraphView view_of(const part_graph* graph) {
    if (!graph) throw part::api::Error("the graph is NULL");
    if (graph->n < 0 || !graph->xadj) throw part::api::Error("expected n >= 0 and xadj");
    const std::int64_t entries = graph->xadj[graph->n];
    if (entries < 0 || (entries > 0 && !graph->adjncy))
        throw part::api::Error("xadj[n] is negative, or adjncy is NULL");
    part::api::GraphView view;
    view.xadj = span_of(graph->xadj, std::int64_t(graph->n) + 1);
    view.adjncy = span_of(graph->adjncy, entries);
    view.ncon = graph->vwgt ? graph->ncon : 1;
    view.vwgt = span_of(graph->vwgt, std::int64_t(graph->n) * std::max(graph->ncon, 0));
    view.vsize = span_of(graph->vsize, graph->n);
    view.adjwgt = span_of(graph->adjwgt, entries);
    view.dim = graph->dim;
    view.coords = span_of(graph->coords, std::int64_t(graph->n) * std::max(graph->dim, 0));
    if (graph->dim > 0 && !graph->coords) throw part::api::Error("dim > 0 but coords is NULL");
    return view;
}

part_halo* new_halo(part::api::HaloSchedule schedule) {
    auto ghosts = part::api::ghost_ids(schedule);
    return new part_halo{std::move(schedule), std::move(ghosts)};
}

} // namespace

extern "C" {

int part_partition(const part_graph* graph, int32_t nparts, const char* method, double tolerance,
                   int32_t seed, int32_t* part) {
    return status_of([&] {
        const auto view = view_of(graph);
        require(part, "part");
        const auto result = part::api::partition(
            view, nparts,
            {.method = method ? method : "metis", .tolerance = tolerance, .seed = seed});
        std::copy(result.begin(), result.end(), part);
    });
}

int part_repartition(const part_graph* graph, const int32_t* old_part, int32_t old_nparts,
                     int32_t new_nparts, const char* method, double tolerance,
                     double migration_cost, int32_t* new_part, int32_t* rank_of_part,
                     int64_t* moved_size) {
    return status_of([&] {
        const auto view = view_of(graph);
        require(old_part, "old_part");
        require(new_part, "new_part");
        const auto result =
            part::api::repartition(view, span_of(old_part, graph->n), old_nparts, new_nparts,
                                   {.method = method ? method : "adaptive",
                                    .tolerance = tolerance,
                                    .migration_cost = migration_cost});
        std::copy(result.part.begin(), result.part.end(), new_part);
        if (rank_of_part)
            std::copy(result.rank_of_part.begin(), result.rank_of_part.end(), rank_of_part);
        if (moved_size) *moved_size = result.moved_size;
    });
}

int part_compute_metrics(const part_graph* graph, const int32_t* part, int32_t nparts,
                         part_metrics* metrics) {
    return status_of([&] {
        const auto view = view_of(graph);
        require(part, "part");
        require(metrics, "metrics");
        const auto m = part::api::metrics(view, span_of(part, graph->n), nparts);
        *metrics = {m.edge_cut, m.communication_volume, m.imbalance, m.empty_parts,
                    m.disconnected_parts};
    });
}

int part_plan_make(int32_t n, const int32_t* old_part, int32_t old_nparts, const int32_t* new_part,
                   int32_t new_nparts, const int32_t* rank_of_part, part_plan** plan) {
    return status_of([&] {
        require(old_part, "old_part");
        require(new_part, "new_part");
        require(plan, "plan");
        if (n < 0 || new_nparts < 0) throw part::api::Error("expected n >= 0 and new_nparts >= 0");
        *plan = new part_plan{part::api::make_plan(span_of(old_part, n), old_nparts,
                                                   span_of(new_part, n), new_nparts,
                                                   span_of(rank_of_part, new_nparts))};
    });
}

int part_plan_read(const char* path, part_plan** plan) {
    return status_of([&] {
        require(path, "path");
        require(plan, "plan");
        *plan = new part_plan{part::api::read_plan(path)};
    });
}

int part_plan_write(const part_plan* plan, const char* path) {
    return status_of([&] {
        require(path, "path");
        part::api::write_plan(path, plan_of(plan));
    });
}

void part_plan_free(part_plan* plan) {
    delete plan;
}

int part_plan_sizes(const part_plan* handle, int32_t* num_vertices, int32_t* old_parts,
                    int32_t* new_parts, int32_t* messages) {
    return status_of([&] {
        const auto& plan = plan_of(handle);
        if (num_vertices) *num_vertices = plan.num_vertices;
        if (old_parts) *old_parts = plan.old_parts;
        if (new_parts) *new_parts = plan.new_parts;
        if (messages) *messages = int32_t(plan.messages.size());
    });
}

int part_plan_rank_of_part(const part_plan* handle, int32_t* rank_of_part) {
    return status_of([&] {
        const auto& plan = plan_of(handle);
        require(rank_of_part, "rank_of_part");
        std::copy(plan.rank_of_part.begin(), plan.rank_of_part.end(), rank_of_part);
    });
}

int part_plan_message(const part_plan* handle, int32_t m, int32_t* source, int32_t* destination,
                      int32_t* count, const int32_t** vertices) {
    return status_of([&] {
        const auto& plan = plan_of(handle);
        if (m < 0 || std::size_t(m) >= plan.messages.size())
            throw part::api::Error("message " + std::to_string(m) + " of a plan with " +
                                   std::to_string(plan.messages.size()) + " messages");
        const auto& message = plan.messages[std::size_t(m)];
        if (source) *source = message.source;
        if (destination) *destination = message.destination;
        if (count) *count = int32_t(message.vertices.size());
        if (vertices) *vertices = message.vertices.data();
    });
}

int part_halo_make(const part_graph* graph, const int32_t* part, int32_t nparts,
                   const int32_t* rank_of_part, int32_t rank, part_halo** halo) {
    return status_of([&] {
        const auto view = view_of(graph);
        require(part, "part");
        require(halo, "halo");
        *halo = new_halo(part::api::halo_schedule(view, span_of(part, graph->n),
                                                  span_of(rank_of_part, nparts), rank));
    });
}

int part_halo_make_rows(int32_t owned, const int32_t* ids, const int64_t* offsets,
                        const int32_t* neighbours, int32_t n, const int32_t* part, int32_t nparts,
                        const int32_t* rank_of_part, int32_t rank, part_halo** halo) {
    return status_of([&] {
        if (owned < 0 || n < 0) throw part::api::Error("expected owned >= 0 and n >= 0");
        require(offsets, "offsets");
        if (owned > 0) require(ids, "ids");
        require(part, "part");
        require(halo, "halo");
        const std::int64_t entries = offsets[owned] - offsets[0];
        if (entries < 0) throw part::api::Error("offsets decrease");
        if (offsets[owned] > 0) require(neighbours, "neighbours");
        const part::api::OwnedRows rows{span_of(ids, owned), span_of(offsets, owned + 1),
                                        span_of(neighbours, offsets[owned])};
        *halo = new_halo(
            part::api::halo_schedule(rows, span_of(part, n), span_of(rank_of_part, nparts), rank));
    });
}

void part_halo_free(part_halo* halo) {
    delete halo;
}

int part_halo_sizes(const part_halo* handle, int32_t* neighbours, int32_t* ghosts) {
    return status_of([&] {
        const auto& halo = halo_of(handle);
        if (neighbours) *neighbours = int32_t(halo.schedule.neighbours.size());
        if (ghosts) *ghosts = int32_t(halo.ghosts.size());
    });
}

int part_halo_neighbour(const part_halo* handle, int32_t k, int32_t* rank, int32_t* send_count,
                        const int32_t** send, int32_t* receive_count, const int32_t** receive) {
    return status_of([&] {
        const auto& neighbours = halo_of(handle).schedule.neighbours;
        if (k < 0 || std::size_t(k) >= neighbours.size())
            throw part::api::Error("neighbour " + std::to_string(k) + " of a schedule with " +
                                   std::to_string(neighbours.size()) + " neighbours");
        const auto& neighbour = neighbours[std::size_t(k)];
        if (rank) *rank = neighbour.rank;
        if (send_count) *send_count = int32_t(neighbour.send.size());
        if (send) *send = neighbour.send.data();
        if (receive_count) *receive_count = int32_t(neighbour.receive.size());
        if (receive) *receive = neighbour.receive.data();
    });
}

int part_halo_ghost_ids(const part_halo* handle, int32_t* ghost_ids) {
    return status_of([&] {
        const auto& halo = halo_of(handle);
        if (!halo.ghosts.empty()) require(ghost_ids, "ghost_ids");
        std::copy(halo.ghosts.begin(), halo.ghosts.end(), ghost_ids);
    });
}

const char* part_last_error(void) {
    return part::api::detail::last_error().c_str();
}
}
