// The C interface (api/include/part/part.h) over the C++ one: C arrays become spans, and
// exceptions become status codes with the message kept per thread for part_last_error().
#include "part/part.h"

#include <algorithm>
#include <new>
#include <string>

#include "part/part.hpp"

namespace {

thread_local std::string last_error;

template <typename T> std::span<const T> span_of(const T* values, std::int64_t count) {
    return values ? std::span<const T>(values, std::size_t(count)) : std::span<const T>();
}

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

template <typename Job> int status_of(Job&& job) {
    try {
        last_error.clear();
        job();
        return PART_OK;
    } catch (const part::api::Error& e) {
        last_error = e.what();
        return PART_ERROR_INPUT;
    } catch (const std::bad_alloc&) {
        last_error = "out of memory";
        return PART_ERROR_MEMORY;
    } catch (const std::exception& e) {
        last_error = e.what();
        return PART_ERROR_INTERNAL;
    }
}

void require(const void* pointer, const char* what) {
    if (!pointer) throw part::api::Error(std::string(what) + " is NULL");
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

const char* part_last_error(void) {
    return last_error.c_str();
}
}
