#include "libpart/mesh/mesh_weights.hpp"

#include <cmath>

namespace part {

namespace {

Weight checked_weight(const MeshArray& array, std::size_t tuple, int component, double scale) {
    const double value = array.value(tuple, component);
    const double v = scale > 0 ? std::round(value * scale) : value;
    if (std::isfinite(v) && v >= 0 && v == std::floor(v) && v <= double(INT32_MAX))
        return Weight(v);
    std::string message = "array '" + array.name() + "' holds " + std::to_string(value) +
                          " at tuple " + std::to_string(tuple);
    if (scale > 0) message += " (" + std::to_string(v) + " scaled)";
    message += ": weights must be non-negative integers below 2^31";
    if (scale == 0 && std::isfinite(v) && v >= 0 && v != std::floor(v))
        message += " (a weight scale turns real values into integers)";
    throw InvalidArgument(message);
}

std::string names_of(const std::vector<MeshArray>& arrays) {
    std::string names;
    for (const auto& a : arrays) names += (names.empty() ? "" : ", ") + a.name();
    return names.empty() ? "none" : names;
}

// The named array, or an error listing the arrays the mesh has.
const MeshArray& field(const Mesh& mesh, const std::string& name, bool on_points) {
    const MeshArray* array = on_points ? mesh.find_point_array(name) : mesh.find_cell_array(name);
    const std::string kind = on_points ? "point" : "cell";
    if (!array)
        throw InvalidArgument("no " + kind + " field '" + name + "'; the mesh has " + kind +
                              " fields: " + names_of(on_points ? mesh.point_data : mesh.cell_data));
    return *array;
}

} // namespace

std::vector<Weight> weights_from_array(const MeshArray& array, std::span<const CellId> tuples,
                                       double scale) {
    const std::size_t count = tuples.empty() ? array.num_tuples() : tuples.size();
    std::vector<Weight> weights;
    weights.reserve(count * std::size_t(array.components()));
    for (std::size_t i = 0; i < count; ++i)
        for (int c = 0; c < array.components(); ++c)
            weights.push_back(
                checked_weight(array, tuples.empty() ? i : std::size_t(tuples[i]), c, scale));
    return weights;
}

void check_weight_fields(const Mesh& mesh, const WeightFields& fields) {
    if (!fields.weights.empty()) field(mesh, fields.weights, fields.on_points);
    if (fields.sizes.empty()) return;
    const MeshArray& sizes = field(mesh, fields.sizes, fields.on_points);
    if (sizes.components() != 1)
        throw InvalidArgument("size field '" + fields.sizes + "' has " +
                              std::to_string(sizes.components()) + " components: expected 1");
}

FieldWeights read_weight_fields(const Mesh& mesh, const WeightFields& fields,
                                std::span<const CellId> tuples) {
    check_weight_fields(mesh, fields);
    FieldWeights result;
    if (!fields.weights.empty()) {
        const MeshArray& array = field(mesh, fields.weights, fields.on_points);
        result.weights = weights_from_array(array, tuples, fields.scale);
        result.ncon = array.components();
    }
    if (!fields.sizes.empty())
        result.sizes =
            weights_from_array(field(mesh, fields.sizes, fields.on_points), tuples, fields.scale);
    return result;
}

} // namespace part
