#include "libpart/partition/metis_partition.hpp"

#include <limits>

#include <metis.h>

#include "libpart/partition/fill_empty_parts.hpp"

namespace part {

namespace {

template <typename From> std::vector<idx_t> to_idx(const std::vector<From>& values) {
    return std::vector<idx_t>(values.begin(), values.end());
}

// METIS takes non-const pointers; an empty attribute is passed as NULL.
idx_t* data_or_null(std::vector<idx_t>& values) {
    return values.empty() ? nullptr : values.data();
}

void set_options(const MetisOptions& o, idx_t* options) {
    METIS_SetDefaultOptions(options);
    options[METIS_OPTION_OBJTYPE] =
        o.objective == MetisOptions::Objective::Cut ? METIS_OBJTYPE_CUT : METIS_OBJTYPE_VOL;
    options[METIS_OPTION_UFACTOR] = o.ufactor;
    options[METIS_OPTION_SEED] = o.seed;
    options[METIS_OPTION_CONTIG] = o.contig ? 1 : 0;
    options[METIS_OPTION_MINCONN] = o.minconn ? 1 : 0;
    options[METIS_OPTION_NCUTS] = o.ncuts;
    options[METIS_OPTION_NITER] = o.niter;
    options[METIS_OPTION_NUMBERING] = 0;
}

const char* describe_status(int status) {
    switch (status) {
    case METIS_ERROR_INPUT:
        return "METIS rejected the input";
    case METIS_ERROR_MEMORY:
        return "METIS ran out of memory";
    default:
        return "METIS failed";
    }
}

} // namespace

std::vector<PartId> partition_with_metis(const Graph& graph, PartId k,
                                         const std::vector<double>& targets,
                                         const MetisOptions& options) {
    if (k < 1)
        throw InvalidArgument("the number of parts must be at least 1, got " + std::to_string(k));
    if (!targets.empty() && targets.size() != std::size_t(k))
        throw InvalidArgument(std::to_string(targets.size()) + " targets given for " +
                              std::to_string(k) + " parts");
    if (graph.adjncy.size() > std::size_t(std::numeric_limits<idx_t>::max()))
        throw InvalidArgument(
            "the graph has more edges than this METIS build's 32-bit idx_t can address");

    idx_t n = graph.num_vertices(), ncon = graph.num_constraints(), nparts = k, objval = 0;
    std::vector<PartId> part(std::size_t(n), 0);
    // METIS_PartGraphKway crashes with one part, which needs no partitioner anyway.
    if (n == 0 || k == 1) return part;
    std::vector<idx_t> xadj = to_idx(graph.xadj), adjncy = to_idx(graph.adjncy);
    std::vector<idx_t> vwgt = to_idx(graph.vwgt), vsize = to_idx(graph.vsize),
                       adjwgt = to_idx(graph.adjwgt);
    std::vector<real_t> tpwgts;
    for (PartId p = 0; p < PartId(targets.size()); ++p)
        for (idx_t c = 0; c < ncon; ++c) tpwgts.push_back(real_t(targets[p]));
    idx_t metis_options[METIS_NOPTIONS];
    set_options(options, metis_options);
    std::vector<idx_t> result(std::size_t(n), 0);

    auto method =
        options.type == MetisOptions::Type::Kway ? METIS_PartGraphKway : METIS_PartGraphRecursive;
    int status =
        method(&n, &ncon, xadj.data(), adjncy.data(), data_or_null(vwgt), data_or_null(vsize),
               data_or_null(adjwgt), &nparts, tpwgts.empty() ? nullptr : tpwgts.data(), nullptr,
               metis_options, &objval, result.data());
    if (status != METIS_OK) throw Error(describe_status(status));
    part.assign(result.begin(), result.end());
    fill_empty_parts(graph, k, part); // METIS may leave parts empty when k is close to n
    return part;
}

} // namespace part
