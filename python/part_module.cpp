// The Python module `part` (pybind11) over the public C++ interface: graphs and partitions as
// numpy arrays, the results as numpy arrays, a dict and a Plan object. Arrays of any integer
// type are converted (scipy's CSR indptr is int32, networkx's may be int64).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>

#include "part/part.hpp"

namespace py = pybind11;

namespace {

template <typename T> using Array = py::array_t<T, py::array::c_style | py::array::forcecast>;

template <typename T> std::span<const T> span_of(const Array<T>& array) {
    return {array.data(), std::size_t(array.size())};
}

template <typename T> py::array_t<T> to_numpy(std::vector<T> values) {
    return py::array_t<T>(py::ssize_t(values.size()), values.data());
}

// The arrays a GraphView points into, kept alive while it is used.
struct GraphArrays {
    Array<std::int64_t> xadj;
    Array<std::int32_t> adjncy;
    std::optional<Array<std::int32_t>> vwgt, vsize;
    std::optional<Array<double>> coords;

    part::api::GraphView view() const {
        part::api::GraphView view{.xadj = span_of(xadj), .adjncy = span_of(adjncy)};
        if (vwgt) {
            const std::size_t n = xadj.size() > 0 ? std::size_t(xadj.size() - 1) : 0;
            view.vwgt = span_of(*vwgt);
            view.ncon = n > 0 ? int(vwgt->size() / py::ssize_t(n)) : 1;
            if (vwgt->ndim() == 2) view.ncon = int(vwgt->shape(1));
        }
        if (vsize) view.vsize = span_of(*vsize);
        if (coords) {
            if (coords->ndim() != 2)
                throw part::api::Error("coords must be an (n, 2) or (n, 3) array");
            view.dim = int(coords->shape(1));
            view.coords = span_of(*coords);
        }
        return view;
    }
};

std::int32_t part_count(const Array<std::int32_t>& partition) {
    const auto values = span_of(partition);
    return values.empty() ? 0 : *std::max_element(values.begin(), values.end()) + 1;
}

py::dict metrics(const GraphArrays& graph, const Array<std::int32_t>& partition,
                 std::optional<std::int32_t> nparts) {
    const auto m = part::api::metrics(graph.view(), span_of(partition),
                                      nparts.value_or(part_count(partition)));
    py::dict result;
    result["cut"] = m.edge_cut;
    result["volume"] = m.communication_volume;
    result["imbalance"] = m.imbalance;
    result["empty_parts"] = m.empty_parts;
    result["disconnected_parts"] = m.disconnected_parts;
    return result;
}

void define_plan(py::module_& module) {
    py::class_<part::api::Plan>(module, "Plan",
                                "What a repartition moves: messages from old ranks to new parts")
        .def_readonly("num_vertices", &part::api::Plan::num_vertices)
        .def_readonly("old_parts", &part::api::Plan::old_parts)
        .def_readonly("new_parts", &part::api::Plan::new_parts)
        .def_property_readonly("rank_of_part",
                               [](const part::api::Plan& p) { return to_numpy(p.rank_of_part); })
        .def_property_readonly(
            "messages",
            [](const part::api::Plan& p) {
                py::list messages;
                for (const auto& m : p.messages)
                    messages.append(py::make_tuple(m.source, m.destination, to_numpy(m.vertices)));
                return messages;
            },
            "(source rank, destination part, vertex ids in increasing order) per message")
        .def_property_readonly("moved_vertices",
                               [](const part::api::Plan& p) {
                                   std::size_t moved = 0;
                                   for (const auto& m : p.messages) moved += m.vertices.size();
                                   return moved;
                               })
        .def(
            "apply",
            [](const part::api::Plan& p, const Array<std::int32_t>& old_partition) {
                return to_numpy(part::api::apply_plan(p, span_of(old_partition)));
            },
            py::arg("old_partition"), "The new partition this plan makes of old_partition")
        .def(
            "write",
            [](const part::api::Plan& p, const std::string& path) {
                part::api::write_plan(path, p);
            },
            py::arg("path"), "Writes the plan file part-plan reads (replaced only once whole)");
    module.def("read_plan", &part::api::read_plan, py::arg("path"),
               "The plan in a .plan file (part-repart --plan, part-plan make)");
}

} // namespace

PYBIND11_MODULE(part, module) {
    module.doc() = "Graph partitioning and repartitioning for parallel mesh solvers (libpart)";
    py::register_exception<part::api::Error>(module, "Error", PyExc_ValueError);
    define_plan(module);
    module.def(
        "partition",
        [](Array<std::int64_t> xadj, Array<std::int32_t> adjncy, std::int32_t nparts,
           const std::string& method, std::optional<Array<std::int32_t>> vwgt,
           std::optional<Array<double>> coords, int seed, double tolerance) {
            const GraphArrays graph{xadj, adjncy, vwgt, std::nullopt, coords};
            return to_numpy(part::api::partition(
                graph.view(), nparts, {.method = method, .tolerance = tolerance, .seed = seed}));
        },
        py::arg("xadj"), py::arg("adjncy"), py::arg("nparts"), py::arg("method") = "metis",
        py::arg("vwgt") = py::none(), py::arg("coords") = py::none(), py::arg("seed") = 0,
        py::arg("tolerance") = 0.03, "The part of every vertex (int32 array)");
    module.def(
        "metrics",
        [](Array<std::int64_t> xadj, Array<std::int32_t> adjncy, Array<std::int32_t> partition,
           std::optional<Array<std::int32_t>> vwgt, std::optional<std::int32_t> nparts) {
            return metrics({xadj, adjncy, vwgt, std::nullopt, std::nullopt}, partition, nparts);
        },
        py::arg("xadj"), py::arg("adjncy"), py::arg("partition"), py::arg("vwgt") = py::none(),
        py::arg("nparts") = py::none(),
        "dict: cut, volume (communication volume), imbalance, empty_parts, disconnected_parts");
    module.def(
        "repartition",
        [](Array<std::int64_t> xadj, Array<std::int32_t> adjncy, Array<std::int32_t> old_partition,
           std::int32_t nparts, std::optional<Array<std::int32_t>> vwgt,
           std::optional<Array<std::int32_t>> vsize, const std::string& method,
           double migration_cost, double tolerance, std::optional<std::int32_t> old_nparts) {
            const GraphArrays graph{xadj, adjncy, vwgt, vsize, std::nullopt};
            auto result = part::api::repartition(
                graph.view(), span_of(old_partition),
                old_nparts.value_or(part_count(old_partition)), nparts,
                {.method = method, .tolerance = tolerance, .migration_cost = migration_cost});
            return py::make_tuple(to_numpy(std::move(result.part)), std::move(result.plan));
        },
        py::arg("xadj"), py::arg("adjncy"), py::arg("old_partition"), py::arg("nparts"),
        py::arg("vwgt") = py::none(), py::arg("vsize") = py::none(), py::arg("method") = "adaptive",
        py::arg("migration_cost") = 0.5, py::arg("tolerance") = 0.03,
        py::arg("old_nparts") = py::none(),
        "(new partition, Plan): the vertices' new parts for the current weights vwgt");
    module.def("partition_methods", &part::api::partition_methods);
    module.def("repartition_methods", &part::api::repartition_methods);
}
