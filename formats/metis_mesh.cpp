#include "formats/metis_mesh.hpp"

#include <algorithm>

#include "formats/atomic_output.hpp"
#include "formats/line_reader.hpp"
#include "formats/mapped_file.hpp"
#include "formats/text_output.hpp"
#include "libpart/mesh/node_cells.hpp"

namespace part::formats {

namespace {

// The type for a node count, with 4-node elements taken as quadrilaterals for now.
bool type_for_node_count(std::size_t count, CellType& type) {
    for (const CellType t : {CellType::Line, CellType::Triangle, CellType::Quadrilateral,
                             CellType::Pyramid, CellType::Wedge, CellType::Hexahedron}) {
        type = t;
        if (std::size_t(cell_num_nodes(t)) == count) return true;
    }
    return false;
}

// 4-node elements are tetrahedra when other 3D elements exist, or when two of them share
// three nodes (conforming quadrilaterals share at most an edge).
void resolve_four_node_cells(Mesh& mesh) {
    bool has_quads = false, has_3d = false;
    for (CellType t : mesh.cell_types) {
        has_quads |= t == CellType::Quadrilateral;
        has_3d |= cell_dimension(t) == 3;
    }
    if (!has_quads) return;
    // Triangles do not make them quadrilaterals: a tetrahedron's line with a node missing
    // reads as a triangle, which check_one_dimension must then see among tetrahedra.
    const bool tetrahedra = has_3d || any_cells_share_nodes(mesh, 3);
    if (tetrahedra)
        std::replace(mesh.cell_types.begin(), mesh.cell_types.end(), CellType::Quadrilateral,
                     CellType::Tetrahedron);
}

// The first element of each node count, to name the one that does not fit.
struct FirstElement {
    std::int64_t element = -1; // 0-based, -1 when no element has this node count
    std::int64_t line = 0;
};

// Elements of mixed dimensions are refused: without types in the file, a line missing a
// node would otherwise pass as a smaller cell (a tetrahedron's as a triangle) and the mesh's
// cell count would silently shrink to its top dimension's. Names the first element of the
// lower dimension.
void check_one_dimension(const Mesh& mesh, const FirstElement (&first)[kMaxCellNodes + 1],
                         const LineReader& lines) {
    const FirstElement* low = nullptr;
    const FirstElement* high = nullptr;
    auto dimension = [&](const FirstElement& f) {
        return cell_dimension(mesh.cell_types[std::size_t(f.element)]);
    };
    for (const FirstElement& f : first) {
        if (f.element < 0) continue;
        if (!low || dimension(f) < dimension(*low)) low = &f;
        if (!high || dimension(f) > dimension(*high)) high = &f;
    }
    if (!low || dimension(*low) == dimension(*high)) return;
    auto describe = [&](const FirstElement& f) {
        const CellType type = mesh.cell_types[std::size_t(f.element)];
        return "element " + std::to_string(f.element + 1) + " has " +
               std::to_string(cell_num_nodes(type)) + " node ids (a " + cell_name(type) + ", " +
               std::to_string(cell_dimension(type)) + "D)";
    };
    throw InputError(lines.file(), low->line,
                     describe(*low) + " but " + describe(*high) + " on line " +
                         std::to_string(high->line) +
                         ": a METIS mesh's elements must all have one dimension; is a node id "
                         "missing on this line?");
}

// The shortest element line: two one-digit node ids, a space and a newline ("1 2\n").
constexpr std::size_t kMinElementBytes = 4;

// The largest node id sizes every per-node array, so it must be one the file can mean: node
// ids run 1..nn (METIS's m2gmetis takes nn as the largest id and lets ids go unused, but
// every node of a mesh belongs to some element), so nn cannot exceed the number of node
// references in the file. A larger id is a corrupted one, refused before it costs memory.
void check_node_count(std::int64_t max_id, std::int64_t max_id_line, std::size_t references,
                      const LineReader& lines) {
    if (std::uint64_t(max_id) <= references) return;
    throw InputError(lines.file(), max_id_line,
                     "node id " + std::to_string(max_id) + " but the file references at most " +
                         std::to_string(references) +
                         " nodes: METIS mesh node ids run from 1 to the node count");
}

Mesh parse(const MappedFile& source, const std::string& name) {
    const std::string_view text = source.text();
    LineReader lines(text, name);
    std::string_view line;
    if (!lines.next_filled(line)) lines.fail("empty mesh: expected a first line 'ne [ncon]'");
    FieldCursor header(line, lines);
    const std::int64_t ne = header.integer("the element count ne");
    std::int64_t ncon = header.at_end() ? 0 : header.integer("the weight count ncon");
    if (!header.at_end()) lines.fail("too many fields: expected a first line 'ne [ncon]'");
    if (ne <= 0)
        lines.fail("empty mesh: the element count is " + std::to_string(ne) +
                   ", expected at least 1");
    if (ne > INT32_MAX - 1)
        lines.fail("element count " + std::to_string(ne) + " is too large for 32-bit ids");
    if (ncon < 0 || ncon > 64)
        lines.fail("weight count " + std::to_string(ncon) + " is out of range 0..64");

    Mesh mesh;
    mesh.dim = 0;
    // The header's count is only a claim: the text bounds the elements there can be, so a
    // corrupted count costs no more memory than the file, and the loop below names the line
    // where the elements run out.
    const std::size_t elements = std::min(std::size_t(ne), text.size() / kMinElementBytes + 1);
    mesh.cell_types.reserve(elements);
    mesh.cell_offsets.reserve(elements + 1);
    // Most meshes have 4 nodes per element or fewer; each id takes at least two characters.
    mesh.cell_nodes.reserve(std::min(elements * 4, text.size() / 2));
    std::vector<std::int32_t> weights;
    std::int64_t max_id = 0, max_id_line = 0;
    PointId nodes[kMaxCellNodes];
    FirstElement first[kMaxCellNodes + 1];
    for (std::int64_t e = 0; e < ne; ++e) {
        if (!lines.next_data(line))
            lines.fail("file ends after " + std::to_string(e) + " of the " + std::to_string(ne) +
                       " elements the first line announces");
        FieldCursor fields(line, lines);
        for (std::int64_t c = 0; c < ncon; ++c) {
            const std::int64_t w = fields.integer("an element weight");
            if (w < 0 || w > INT32_MAX)
                lines.fail("element weight " + std::to_string(w) + " is out of range");
            weights.push_back(std::int32_t(w));
        }
        const std::size_t count = fields.count_remaining();
        CellType type;
        if (!type_for_node_count(count, type))
            lines.fail(
                "element " + std::to_string(e + 1) + " has " + std::to_string(count) +
                " node ids: expected 2 (line), 3 (triangle), 4 (quadrilateral or tetrahedron), 5 "
                "(pyramid), 6 (wedge) or 8 (hexahedron)");
        for (std::size_t k = 0; k < count; ++k) {
            const std::int64_t id = fields.integer("a node id");
            if (id < 1 || id > INT32_MAX)
                lines.fail("node id " + std::to_string(id) +
                           " is out of range: METIS mesh node ids start at 1" +
                           (id == 0 ? " (this file looks 0-based)" : ""));
            if (id > max_id) max_id = id, max_id_line = lines.line_number();
            nodes[k] = PointId(id - 1);
        }
        mesh.add_cell(type, {nodes, count});
        if (first[count].element < 0) first[count] = {e, lines.line_number()};
        source.release_parsed(lines.offset());
    }
    if (lines.next_filled(line))
        lines.fail("more element lines than the " + std::to_string(ne) + " announced");
    check_node_count(max_id, max_id_line, mesh.cell_nodes.size(), lines);
    mesh.point_count = PointId(max_id);
    // Nothing below reads the text again: let it all go before the node-to-cell lists that
    // telling tetrahedra from quadrilaterals may need.
    source.release_before(text.size());
    if (ncon > 0)
        mesh.cell_data.push_back(MeshArray::from_values("metis:weight", int(ncon), weights));
    resolve_four_node_cells(mesh);
    check_one_dimension(mesh, first, lines);
    return mesh;
}

} // namespace

Mesh read_metis_mesh(const std::string& path) {
    return parse(MappedFile(path), path);
}

void write_metis_mesh(const std::string& path, const Mesh& mesh, std::span<const CellId> cells) {
    std::string out;
    out.reserve(cells.size() * 40 + 16);
    append_number(out, cells.size());
    out += '\n';
    for (CellId c : cells) {
        bool first = true;
        // METIS meshes hold linear elements (its manual's element types are told apart by their
        // node count): a higher-order cell is written as its corners.
        for (PointId p : mesh.corners(c)) {
            if (!first) out += ' ';
            first = false;
            append_number(out, std::int64_t(p) + 1);
        }
        out += '\n';
    }
    write_file_atomically(path, out);
}

} // namespace part::formats
