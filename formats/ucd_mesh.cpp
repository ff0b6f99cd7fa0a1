#include "formats/ucd_mesh.hpp"

#include <algorithm>
#include <vector>

#include "formats/label_index.hpp"
#include "formats/line_reader.hpp"
#include "formats/mapped_file.hpp"
#include "libpart/mesh/mesh.hpp"

namespace part::formats {

namespace {

// A UCD cell type, its cell, and where each VTK node comes from among the UCD nodes (as meshio
// maps them; the prism goes through gmsh's order, so its top and bottom swap back).
struct UcdType {
    std::string_view name;
    CellType type;
    int from[kMaxCellNodes];
};
constexpr UcdType kUcdTypes[] = {{"pt", CellType::Vertex, {0}},
                                 {"line", CellType::Line, {0, 1}},
                                 {"tri", CellType::Triangle, {0, 1, 2}},
                                 {"quad", CellType::Quadrilateral, {0, 1, 2, 3}},
                                 {"tet", CellType::Tetrahedron, {0, 1, 3, 2}},
                                 {"pyr", CellType::Pyramid, {1, 2, 3, 4, 0}},
                                 {"prism", CellType::Wedge, {3, 5, 4, 0, 2, 1}},
                                 {"hex", CellType::Hexahedron, {4, 5, 6, 7, 0, 1, 2, 3}}};

// The whitespace-separated words of a line.
std::vector<std::string_view> words(std::string_view line) {
    std::vector<std::string_view> out;
    for (std::size_t at = 0;;) {
        const std::size_t start = line.find_first_not_of(" \t\r\f\v", at);
        if (start == std::string_view::npos) return out;
        const std::size_t end = std::min(line.find_first_of(" \t\r\f\v", start), line.size());
        out.push_back(line.substr(start, end - start));
        at = end;
    }
}

class UcdParser {
  public:
    UcdParser(std::string_view text, const std::string& name) : lines_(text, name) {}

    Mesh parse() {
        const std::vector<std::string_view> counts = next_words("the counts 'nodes cells "
                                                                "node_data cell_data model_data'");
        if (counts.size() != 5)
            lines_.fail("expected the counts 'nodes cells node_data cell_data model_data', found " +
                        std::to_string(counts.size()) + " words");
        const std::int64_t nodes = count(counts[0], "the node count");
        const std::int64_t cells = count(counts[1], "the cell count");
        const bool node_data = count(counts[2], "the node data count") > 0;
        const bool cell_data = count(counts[3], "the cell data count") > 0;
        for (std::int64_t n = 0; n < nodes; ++n) read_node();
        for (std::int64_t c = 0; c < cells; ++c) read_cell();
        Mesh mesh = resolve();
        if (node_data) mesh.point_data = read_data(node_ids_, "node");
        if (cell_data) {
            // Only cell data needs the cell ids told apart (deal.II repeats them).
            LabelIndex cell_ids;
            for (std::size_t c = 0; c < cell_labels_.size(); ++c)
                cell_ids.add(cell_labels_[c], cell_lines_[c]);
            cell_ids.finish(lines_.file(), "cell");
            std::vector<MeshArray> arrays = read_data(cell_ids, "cell");
            mesh.cell_data.insert(mesh.cell_data.end(), arrays.begin(), arrays.end());
        }
        set_dimension_from_points(mesh);
        return mesh;
    }

  private:
    std::vector<std::string_view> next_words(const std::string& what) {
        std::string_view line;
        while (lines_.next(line))
            if (!is_blank(line) && trimmed(line).front() != '#') return words(line);
        lines_.fail("file ends where " + what + " was expected");
    }

    std::int64_t count(std::string_view word, const std::string& what) const {
        const std::int64_t n = lines_.number<std::int64_t>(word, what);
        if (n < 0 || n > INT32_MAX - 1)
            lines_.fail(what + " " + std::to_string(n) + " is out of range 0..2^31 - 2");
        return n;
    }

    void read_node() {
        const auto w = next_words("a node 'id x y z'");
        if (w.size() != 4)
            lines_.fail("expected a node 'id x y z', found " + std::to_string(w.size()) + " words");
        node_ids_.add(lines_.number<std::int64_t>(w[0], "a node id"), lines_.line_number());
        for (std::size_t a = 1; a < 4; ++a)
            points_.push_back(lines_.number<double>(w[a], "a coordinate"));
    }

    void read_cell() {
        const auto w = next_words("a cell 'id material type nodes...'");
        if (w.size() < 3) lines_.fail("expected a cell 'id material type nodes...'");
        const UcdType* type = std::ranges::find(kUcdTypes, w[2], &UcdType::name);
        if (type == std::end(kUcdTypes))
            lines_.fail("unknown cell type '" + std::string(w[2]) +
                        "': expected pt, line, tri, quad, tet, pyr, prism or hex");
        const int n = cell_num_nodes(type->type);
        if (int(w.size()) != 3 + n)
            lines_.fail("a " + std::string(w[2]) + " cell has " + std::to_string(n) +
                        " node ids, found " + std::to_string(w.size() - 3));
        cell_labels_.push_back(lines_.number<std::int64_t>(w[0], "a cell id"));
        cell_lines_.push_back(lines_.line_number());
        const std::int64_t material = lines_.number<std::int64_t>(w[1], "a material id");
        if (material < INT32_MIN || material > INT32_MAX)
            lines_.fail("material id " + std::to_string(material) + " is out of 32-bit range");
        materials_.push_back(std::int32_t(material));
        types_.push_back(type);
        for (int k = 0; k < n; ++k)
            cell_nodes_.push_back(lines_.number<std::int64_t>(w[std::size_t(3 + k)], "a node id"));
    }

    // The cells on point indices, in VTK's node order.
    Mesh resolve() {
        node_ids_.finish(lines_.file(), "node");
        Mesh mesh;
        mesh.point_count = PointId(node_ids_.size());
        mesh.points = std::move(points_);
        std::size_t at = 0;
        PointId nodes[kMaxCellNodes];
        for (std::size_t c = 0; c < types_.size(); ++c) {
            const UcdType& type = *types_[c];
            const int n = cell_num_nodes(type.type);
            for (int k = 0; k < n; ++k) {
                const std::int64_t id = cell_nodes_[at + std::size_t(type.from[k])];
                const auto node = node_ids_.find(id);
                if (!node)
                    throw InputError(lines_.file(), cell_lines_[c],
                                     "cell " + std::to_string(cell_labels_[c]) + " names node " +
                                         std::to_string(id) + ", which no node line defines");
                nodes[k] = PointId(*node);
            }
            at += std::size_t(n);
            mesh.add_cell(type.type, {nodes, std::size_t(n)});
        }
        mesh.cell_data.push_back(MeshArray::from_values(kPhysicalTagArray, 1, materials_));
        return mesh;
    }

    // A data section: its components per array, their labels, then a line per entity in the
    // order of `ids` (by id).
    std::vector<MeshArray> read_data(const LabelIndex& ids, const char* entity) {
        const auto sizes = next_words(std::string("the ") + entity + " data's array sizes");
        const std::int64_t n =
            sizes.empty() ? 0 : lines_.number<std::int64_t>(sizes[0], "the number of arrays");
        if (n < 1 || std::size_t(n) + 1 != sizes.size())
            lines_.fail(std::string("expected the number of ") + entity +
                        " arrays and the size of each");
        std::vector<MeshArray> arrays;
        int total = 0;
        for (std::int64_t a = 0; a < n; ++a) {
            const std::int64_t size =
                lines_.number<std::int64_t>(sizes[std::size_t(a + 1)], "an array size");
            if (size < 1 || size > 64)
                lines_.fail("array size " + std::to_string(size) + ": expected 1 to 64");
            std::string_view label;
            if (!lines_.next(label)) lines_.fail("file ends where an array label was expected");
            const std::string name(trimmed(label.substr(0, label.find(','))));
            arrays.emplace_back(name.empty() ? "array" + std::to_string(a) : name,
                                ScalarType::Float64, int(size), ids.size());
            total += int(size);
        }
        for (std::size_t e = 0; e < ids.size(); ++e) {
            const auto w = next_words(std::string("a ") + entity + " data line");
            if (int(w.size()) != 1 + total)
                lines_.fail(std::string("expected the ") + entity + " id and " +
                            std::to_string(total) + " values, found " + std::to_string(w.size()) +
                            " words");
            const auto entry =
                ids.find(lines_.number<std::int64_t>(w[0], std::string("a ") + entity + " id"));
            if (!entry) lines_.fail(std::string("no ") + entity + " " + std::string(w[0]));
            std::size_t word = 1;
            for (MeshArray& array : arrays)
                for (int c = 0; c < array.components(); ++c, ++word)
                    array.set_value(std::size_t(*entry), c,
                                    lines_.number<double>(w[word], "a value"));
        }
        return arrays;
    }

    LineReader lines_;
    LabelIndex node_ids_;
    std::vector<double> points_; // 3 per node
    std::vector<std::int64_t> cell_labels_, cell_lines_, cell_nodes_;
    std::vector<std::int32_t> materials_;
    std::vector<const UcdType*> types_;
};

} // namespace

bool is_abaqus_input(std::string_view text) {
    LineReader lines(text.substr(0, 1 << 16), "");
    std::string_view line;
    while (lines.next(line)) {
        const std::string_view t = trimmed(line);
        if (!t.empty() && t.front() != '#') return t.front() == '*';
    }
    return false;
}

Mesh read_ucd_mesh(const std::string& path) {
    MappedFile file(path);
    return UcdParser(file.text(), path).parse();
}

} // namespace part::formats
