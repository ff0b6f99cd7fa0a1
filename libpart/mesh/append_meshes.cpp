#include "libpart/mesh/append_meshes.hpp"

#include <algorithm>
#include <cstring>

namespace part {

namespace {

// The arrays of every piece, concatenated; the first piece sets names, types and components.
std::vector<MeshArray> append_arrays(std::span<const Mesh> pieces,
                                     std::vector<MeshArray> Mesh::*arrays, std::size_t total,
                                     const char* where) {
    std::vector<MeshArray> out;
    if (pieces.empty()) return out;
    for (const MeshArray& first : pieces.front().*arrays) {
        MeshArray joined(first.name(), first.type(), first.components(), total);
        auto* bytes = static_cast<unsigned char*>(joined.data());
        std::size_t at = 0;
        for (std::size_t i = 0; i < pieces.size(); ++i) {
            const auto& list = pieces[i].*arrays;
            const auto found = std::find_if(list.begin(), list.end(), [&](const MeshArray& a) {
                return a.name() == first.name();
            });
            if (found == list.end() || found->type() != first.type() ||
                found->components() != first.components())
                throw MeshError(-1, std::string("piece ") + std::to_string(i) + " has no " + where +
                                        " array '" + first.name() +
                                        "' of the type and component count piece 0 has");
            if (found->size_bytes() > 0)
                std::memcpy(bytes + at, found->data(), found->size_bytes());
            at += found->size_bytes();
        }
        out.push_back(std::move(joined));
    }
    for (std::size_t i = 1; i < pieces.size(); ++i)
        if ((pieces[i].*arrays).size() != out.size())
            throw MeshError(-1, "piece " + std::to_string(i) + " has " +
                                    std::to_string((pieces[i].*arrays).size()) + " " + where +
                                    " arrays but piece 0 has " + std::to_string(out.size()));
    return out;
}

} // namespace

Mesh append_meshes(std::span<const Mesh> pieces, std::vector<std::int32_t>* piece_of_cell) {
    Mesh out;
    out.dim = 0;
    std::size_t points = 0, cells = 0, nodes = 0;
    for (const Mesh& piece : pieces) {
        out.dim = std::max(out.dim, piece.dim);
        points += std::size_t(piece.num_points());
        cells += std::size_t(piece.num_cells());
        nodes += piece.cell_nodes.size();
    }
    if (points > std::size_t(INT32_MAX - 1) || cells > std::size_t(INT32_MAX - 1))
        throw MeshError(-1, "the pieces hold too many points or cells for 32-bit ids");
    out.point_count = PointId(points);
    out.points.assign(points * std::size_t(out.dim), 0.0);
    out.cell_types.reserve(cells);
    out.cell_nodes.reserve(nodes);
    out.cell_offsets.reserve(cells + 1);
    if (piece_of_cell) piece_of_cell->assign(cells, 0);
    PointId first_point = 0;
    std::size_t first_cell = 0;
    std::vector<PointId> nodes_of_cell;
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        const Mesh& piece = pieces[i];
        for (PointId p = 0; p < piece.num_points() && piece.dim > 0; ++p)
            std::copy_n(piece.points.begin() + std::ptrdiff_t(p) * piece.dim, piece.dim,
                        out.points.begin() + std::ptrdiff_t(first_point + p) * out.dim);
        for (CellId c = 0; c < piece.num_cells(); ++c) {
            nodes_of_cell.clear();
            for (PointId p : piece.cell(c)) nodes_of_cell.push_back(first_point + p);
            out.add_cell(piece.cell_types[std::size_t(c)], nodes_of_cell, piece.faces(c));
        }
        if (piece_of_cell)
            std::fill_n(piece_of_cell->begin() + std::ptrdiff_t(first_cell), piece.num_cells(),
                        std::int32_t(i));
        first_point += piece.num_points();
        first_cell += std::size_t(piece.num_cells());
    }
    out.cell_data = append_arrays(pieces, &Mesh::cell_data, cells, "cell");
    out.point_data = append_arrays(pieces, &Mesh::point_data, points, "point");
    return out;
}

} // namespace part
