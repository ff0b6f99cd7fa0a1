#include "libpart/mesh/join_pieces.hpp"

#include <algorithm>

#include "libpart/mesh/arrays_without.hpp"

namespace part {

namespace {

const MeshArray& required(const MeshArray* array, const char* name, const char* where) {
    if (!array || array->components() != 1)
        throw MeshError(-1, std::string("cannot join the pieces: no single-component ") + where +
                                " array '" + name + "' (part-convert --split writes it)");
    return *array;
}

} // namespace

Mesh join_pieces(const Mesh& appended, std::vector<CellId>* owner) {
    const MeshArray& node_ids =
        required(appended.find_point_array("GlobalNodeIds"), "GlobalNodeIds", "point");
    const MeshArray& cell_ids =
        required(appended.find_cell_array("GlobalCellIds"), "GlobalCellIds", "cell");
    const MeshArray* ghosts = appended.find_cell_array("vtkGhostType");

    // Owned cells, placed at their global position.
    std::vector<CellId> source_of; // global cell id -> appended cell
    for (CellId c = 0; c < appended.num_cells(); ++c) {
        if (ghosts && ghosts->value(std::size_t(c)) != 0) continue;
        const double id = cell_ids.value(std::size_t(c));
        if (id < 0 || id >= double(INT32_MAX - 1))
            throw MeshError(c, "cannot join the pieces: GlobalCellIds value " + std::to_string(id) +
                                   " is out of range");
        const auto g = std::size_t(id);
        if (g >= source_of.size()) source_of.resize(g + 1, -1);
        if (source_of[g] >= 0)
            throw MeshError(c, "cannot join the pieces: global cell " + std::to_string(g) +
                                   " is owned twice");
        source_of[g] = c;
    }
    const auto gap = std::find(source_of.begin(), source_of.end(), CellId(-1));
    if (gap != source_of.end())
        throw MeshError(-1, "cannot join the pieces: global cell " +
                                std::to_string(gap - source_of.begin()) +
                                " is in no piece (a piece file is missing?)");

    // Points: the largest global id sets the count; the first copy of each gives its values.
    PointId num_points = 0;
    for (PointId p = 0; p < appended.num_points(); ++p)
        num_points = std::max(num_points, PointId(node_ids.value(std::size_t(p))) + 1);
    std::vector<PointId> source_point(std::size_t(num_points), -1);
    for (PointId p = 0; p < appended.num_points(); ++p) {
        const double id = node_ids.value(std::size_t(p));
        if (id < 0) throw MeshError(-1, "cannot join the pieces: negative GlobalNodeIds value");
        PointId& slot = source_point[std::size_t(id)];
        if (slot < 0) slot = p;
    }

    Mesh joined;
    joined.dim = appended.dim;
    joined.point_count = num_points;
    joined.points.assign(std::size_t(num_points) * std::size_t(appended.dim), 0.0);
    for (PointId p = 0; p < num_points; ++p)
        if (source_point[std::size_t(p)] >= 0)
            std::copy_n(appended.points.begin() +
                            std::ptrdiff_t(source_point[std::size_t(p)]) * appended.dim,
                        appended.dim, joined.points.begin() + std::ptrdiff_t(p) * appended.dim);
    std::vector<PointId> nodes;
    for (CellId c : source_of) {
        nodes.clear();
        for (PointId p : appended.cell(c)) nodes.push_back(PointId(node_ids.value(std::size_t(p))));
        joined.add_cell(appended.cell_types[c], nodes, appended.faces(c));
    }
    for (const auto& array : arrays_without(appended.cell_data, {"GlobalCellIds", "vtkGhostType"}))
        joined.cell_data.push_back(array.subset(source_of));
    // Points no cell uses keep zeros in their arrays, as they have no piece to come from.
    for (const auto& array : arrays_without(appended.point_data, {"GlobalNodeIds"})) {
        MeshArray out(array.name(), array.type(), array.components(), std::size_t(num_points));
        for (PointId p = 0; p < num_points; ++p)
            if (source_point[std::size_t(p)] >= 0)
                for (int k = 0; k < array.components(); ++k)
                    out.set_value(std::size_t(p), k,
                                  array.value(std::size_t(source_point[std::size_t(p)]), k));
        joined.point_data.push_back(std::move(out));
    }
    if (owner) *owner = std::move(source_of);
    return joined;
}

} // namespace part
