#include "libpart/mesh/dataset_totals.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <map>

#include "libpart/core/mix64.hpp"

namespace part {

namespace {

using part::mix64;

const MeshArray& id_array(const Mesh& piece, const char* name, bool on_points) {
    const MeshArray* a = on_points ? piece.find_point_array(name) : piece.find_cell_array(name);
    if (!a || a->components() != 1)
        throw MeshError(-1, std::string("a piece has no single-component ") +
                                (on_points ? "point" : "cell") + " array '" + name +
                                "' (part-convert --split writes it)");
    return *a;
}

bool is_id_array(const std::string& name) {
    return name == "GlobalCellIds" || name == "GlobalNodeIds" || name == "vtkGhostType";
}

// Adds tuple `t` of `array`, keyed by `global_id`, to `total`.
void add_tuple(FieldTotal& total, const MeshArray& array, std::size_t t, std::uint64_t global_id) {
    std::uint64_t h = mix64(global_id);
    for (int k = 0; k < array.components(); ++k) {
        const double v = array.value(t, k);
        total.sums[std::size_t(k)] += v;
        total.magnitudes[std::size_t(k)] += std::abs(v);
        h = mix64(h ^ std::bit_cast<std::uint64_t>(v));
    }
    total.fingerprint += h;
}

FieldTotal& total_for(std::map<std::pair<bool, std::string>, FieldTotal>& totals,
                      const MeshArray& array, bool on_points) {
    FieldTotal& t = totals[{on_points, array.name()}];
    if (t.sums.empty()) {
        t.name = array.name();
        t.on_points = on_points;
        t.components = array.components();
        t.sums.assign(std::size_t(array.components()), 0.0);
        t.magnitudes = t.sums;
    }
    if (t.components != array.components())
        throw MeshError(-1, "field '" + array.name() +
                                "' has different component counts in "
                                "different pieces");
    return t;
}

} // namespace

DatasetTotals dataset_totals(std::span<const Mesh> pieces, std::vector<char> counted_elsewhere) {
    DatasetTotals totals;
    std::map<std::pair<bool, std::string>, FieldTotal> fields;
    std::vector<char> point_seen = std::move(counted_elsewhere);
    for (const Mesh& piece : pieces) {
        const MeshArray& cell_ids = id_array(piece, "GlobalCellIds", false);
        const MeshArray& node_ids = id_array(piece, "GlobalNodeIds", true);
        const MeshArray* ghosts = piece.find_cell_array("vtkGhostType");
        // Each field's total is looked up once per piece, not once per tuple.
        std::vector<std::pair<const MeshArray*, FieldTotal*>> cell_fields, point_fields;
        for (const MeshArray& array : piece.cell_data)
            if (!is_id_array(array.name()))
                cell_fields.emplace_back(&array, &total_for(fields, array, false));
        for (const MeshArray& array : piece.point_data)
            if (!is_id_array(array.name()))
                point_fields.emplace_back(&array, &total_for(fields, array, true));
        for (CellId c = 0; c < piece.num_cells(); ++c) {
            if (ghosts && ghosts->value(std::size_t(c)) != 0) continue;
            const auto id = std::uint64_t(cell_ids.value(std::size_t(c)));
            ++totals.cells;
            totals.cell_ids += mix64(id);
            for (auto [array, total] : cell_fields) add_tuple(*total, *array, std::size_t(c), id);
        }
        for (PointId p = 0; p < piece.num_points(); ++p) {
            const double value = node_ids.value(std::size_t(p));
            if (value < 0 || value >= double(INT32_MAX))
                throw MeshError(-1, "GlobalNodeIds value " + std::to_string(value) +
                                        " is out of range");
            const auto id = std::size_t(value);
            if (id >= point_seen.size())
                point_seen.resize(std::max(id + 1, 2 * point_seen.size()), 0);
            if (point_seen[id]) continue;
            point_seen[id] = 1;
            ++totals.points;
            totals.point_ids += mix64(id);
            for (auto [array, total] : point_fields) add_tuple(*total, *array, std::size_t(p), id);
        }
    }
    for (auto& [key, total] : fields) totals.fields.push_back(std::move(total));
    return totals;
}

std::string first_difference(const DatasetTotals& before, const DatasetTotals& after) {
    if (before.cells != after.cells)
        return std::to_string(after.cells) + " cells instead of " + std::to_string(before.cells);
    if (before.cell_ids != after.cell_ids) return "the set of global cell ids differs";
    if (before.points != after.points)
        return std::to_string(after.points) + " distinct points instead of " +
               std::to_string(before.points);
    if (before.point_ids != after.point_ids) return "the set of global node ids differs";
    for (const FieldTotal& want : before.fields) {
        const auto have =
            std::find_if(after.fields.begin(), after.fields.end(), [&](const FieldTotal& f) {
                return f.name == want.name && f.on_points == want.on_points;
            });
        const std::string name =
            std::string(want.on_points ? "point" : "cell") + " field '" + want.name + "'";
        if (have == after.fields.end()) return name + " is missing";
        if (have->components != want.components) return name + " has another component count";
        for (std::size_t k = 0; k < want.sums.size(); ++k) {
            // Summation order differs between piece layouts: allow rounding, not real change.
            if (std::abs(have->sums[k] - want.sums[k]) > 1e-10 * want.magnitudes[k])
                return name + " component " + std::to_string(k) + " sums to " +
                       std::to_string(have->sums[k]) + " instead of " +
                       std::to_string(want.sums[k]);
        }
        if (have->fingerprint != want.fingerprint)
            return name + " has other values on some cells or points (fingerprint differs)";
    }
    if (after.fields.size() != before.fields.size()) return "the new dataset has extra fields";
    return "";
}

} // namespace part
