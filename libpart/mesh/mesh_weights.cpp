#include "libpart/mesh/mesh_weights.hpp"

#include <cmath>

namespace part {

namespace {

Weight checked_weight(const MeshArray& array, std::size_t tuple, int component) {
    const double v = array.value(tuple, component);
    if (!std::isfinite(v) || v < 0 || v != std::floor(v) || v > double(INT32_MAX))
        throw InvalidArgument("array '" + array.name() + "' holds " + std::to_string(v) +
                              " at tuple " + std::to_string(tuple) +
                              ": weights must be non-negative integers below 2^31");
    return Weight(v);
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

std::vector<Weight> weights_from_array(const MeshArray& array, std::span<const CellId> tuples) {
    const std::size_t count = tuples.empty() ? array.num_tuples() : tuples.size();
    std::vector<Weight> weights;
    weights.reserve(count * std::size_t(array.components()));
    for (std::size_t i = 0; i < count; ++i)
        for (int c = 0; c < array.components(); ++c)
            weights.push_back(
                checked_weight(array, tuples.empty() ? i : std::size_t(tuples[i]), c));
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
        result.weights = weights_from_array(array, tuples);
        result.ncon = array.components();
    }
    if (!fields.sizes.empty())
        result.sizes = weights_from_array(field(mesh, fields.sizes, fields.on_points), tuples);
    return result;
}

} // namespace part
