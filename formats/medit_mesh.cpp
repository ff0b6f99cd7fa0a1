#include "formats/medit_mesh.hpp"

#include <algorithm>

#include "formats/line_reader.hpp"
#include "formats/mapped_file.hpp"
#include "formats/node_id_bound.hpp"
#include "formats/token_reader.hpp"
#include "formats/wedge_order.hpp"
#include "libpart/mesh/mesh.hpp"

namespace part::formats {

namespace {

struct ElementSection {
    const char* keyword;
    CellType type;
};
constexpr ElementSection kElementSections[] = {{"Edges", CellType::Line},
                                               {"Triangles", CellType::Triangle},
                                               {"Quadrilaterals", CellType::Quadrilateral},
                                               {"Tetrahedra", CellType::Tetrahedron},
                                               {"Hexahedra", CellType::Hexahedron},
                                               {"Prisms", CellType::Wedge},
                                               {"Pyramids", CellType::Pyramid}};

// Sections without cells, skipped: numbers per entry (0: Dimension's).
struct SkippedSections {
    std::string_view keywords; // separated by spaces
    int numbers;
};
constexpr SkippedSections kSkippedSections[] = {
    {"Corners Ridges RequiredVertices RequiredEdges RequiredTriangles RequiredQuadrilaterals "
     "RequiredTetrahedra",
     1},
    {"NormalAtVertices TangentAtVertices", 2},
    {"Normals Tangents", 0}};

// The shortest entry: one-digit numbers, each with a separator.
constexpr std::size_t kMinNumberBytes = 2;

class MeditParser {
  public:
    MeditParser(const MappedFile& source, const std::string& name)
        : tokens_(source.text(), name, '#'), text_size_(source.text().size()), source_(source) {}

    Mesh parse() {
        std::string_view keyword;
        if (!tokens_.next(keyword) || keyword != "MeshVersionFormatted")
            tokens_.fail("expected 'MeshVersionFormatted' first in a Medit mesh");
        const auto version = tokens_.number<std::int64_t>("the version after MeshVersionFormatted");
        if (version < 1 || version > 4)
            tokens_.fail("MeshVersionFormatted " + std::to_string(version) + ": expected 1 to 4");
        while (tokens_.next(keyword)) {
            if (keyword == "End") return finish();
            read_section(keyword);
        }
        tokens_.fail("file ends without 'End': truncated?");
    }

  private:
    void read_section(std::string_view keyword) {
        if (keyword == "Dimension") return read_dimension();
        if (keyword == "Vertices") return read_vertices();
        for (const ElementSection& s : kElementSections)
            if (keyword == s.keyword) return read_elements(s);
        for (const SkippedSections& s : kSkippedSections)
            if (is_one_of(keyword, s.keywords)) return skip(keyword, s.numbers);
        tokens_.fail("unknown keyword '" + std::string(keyword) +
                     "': expected Dimension, Vertices, Edges, Triangles, Quadrilaterals, "
                     "Tetrahedra, Hexahedra, Prisms, Pyramids, Corners, Ridges, Required*, "
                     "Normals, Tangents, NormalAtVertices, TangentAtVertices or End");
    }

    void once(std::string_view keyword) {
        for (const auto& [seen, line] : seen_)
            if (seen == keyword)
                tokens_.fail("a second '" + std::string(keyword) +
                             "' section (the first is on line " + std::to_string(line) + ")");
        seen_.emplace_back(keyword, tokens_.line());
    }

    void need_dimension(std::string_view keyword) const {
        if (dim_ != 0) return;
        std::string message(1, '\''); // built by appends: GCC 12 warns on "'" + string here
        message.append(keyword).append("' before 'Dimension'");
        tokens_.fail(message);
    }

    void read_dimension() {
        once("Dimension");
        dim_ = int(tokens_.number<std::int64_t>("the dimension (2 or 3)"));
        if (dim_ != 2 && dim_ != 3)
            tokens_.fail("Dimension " + std::to_string(dim_) + ": expected 2 or 3");
    }

    // A section's entry count, bounded by 32-bit ids.
    std::int64_t entry_count(std::string_view keyword) {
        const auto n =
            tokens_.number<std::int64_t>("the entry count after " + std::string(keyword));
        if (n < 0 || n > INT32_MAX - 1)
            tokens_.fail(std::string(keyword) + " count " + std::to_string(n) +
                         " is out of range 0.." + std::to_string(INT32_MAX - 1));
        return n;
    }

    // At most as many entries as the text has room for, so a corrupted count costs no memory.
    std::size_t reservable(std::int64_t n, int numbers) const {
        return std::min(std::size_t(n), text_size_ / (kMinNumberBytes * std::size_t(numbers)) + 1);
    }

    void read_vertices() {
        once("Vertices");
        need_dimension("Vertices");
        vertices_line_ = tokens_.line();
        const std::int64_t n = entry_count("Vertices");
        mesh_.points.reserve(reservable(n, dim_ + 1) * std::size_t(dim_));
        for (std::int64_t v = 0; v < n; ++v) {
            for (int a = 0; a < dim_; ++a)
                mesh_.points.push_back(
                    tokens_.number<double>(entry(v, "Vertices", "a coordinate")));
            tokens_.number<std::int64_t>(entry(v, "Vertices", "its reference"));
            release();
        }
        mesh_.point_count = PointId(n);
    }

    void read_elements(const ElementSection& s) {
        once(s.keyword);
        need_dimension(s.keyword);
        const std::int64_t n = entry_count(s.keyword);
        const int count = cell_num_nodes(s.type);
        mesh_.cell_types.reserve(mesh_.cell_types.size() + reservable(n, count + 1));
        PointId nodes[kMaxCellNodes];
        for (std::int64_t e = 0; e < n; ++e) {
            for (int k = 0; k < count; ++k) {
                const auto id = tokens_.number<std::int64_t>(entry(e, s.keyword, "a vertex id"));
                if (id < 1 || id > INT32_MAX)
                    tokens_.fail("vertex id " + std::to_string(id) +
                                 " is out of range: Medit vertex ids start at 1");
                nodes_.see(id, tokens_.line());
                nodes[k] = PointId(id - 1);
            }
            if (s.type == CellType::Wedge) counter_clockwise_wedge_to_vtk(nodes);
            mesh_.add_cell(s.type, {nodes, std::size_t(count)});
            refs_.push_back(
                std::int32_t(tokens_.number<std::int64_t>(entry(e, s.keyword, "its reference"))));
            release();
        }
    }

    void skip(std::string_view keyword, int numbers) {
        once(keyword);
        need_dimension(keyword);
        const std::int64_t n = entry_count(keyword);
        for (std::int64_t e = 0; e < n; ++e)
            for (int k = 0; k < (numbers == 0 ? dim_ : numbers); ++k)
                tokens_.number<double>(entry(e, keyword, "a number"));
    }

    // "a coordinate (entry 4 of Vertices)" for errors.
    static std::string entry(std::int64_t index, std::string_view section, const char* what) {
        return std::string(what) + " (entry " + std::to_string(index + 1) + " of " +
               std::string(section) + ")";
    }

    Mesh finish() {
        if (dim_ == 0) tokens_.fail("'End' without a 'Dimension' section");
        if (vertices_line_ == 0) tokens_.fail("'End' without a 'Vertices' section");
        if (mesh_.cell_types.empty())
            tokens_.fail("'End' without elements: expected Triangles, Quadrilaterals, Tetrahedra, "
                         "Hexahedra, Prisms, Pyramids or Edges");
        nodes_.check(1, mesh_.point_count, tokens_.file(),
                     "Vertices " + std::to_string(mesh_.point_count) + " (line " +
                         std::to_string(vertices_line_) + ")");
        mesh_.dim = dim_;
        mesh_.cell_data.push_back(MeshArray::from_values(kPhysicalTagArray, 1, refs_));
        if (dim_ == 3) set_dimension_from_points(mesh_);
        return std::move(mesh_);
    }

    void release() const { source_.release_parsed(tokens_.offset()); }

    TokenReader tokens_;
    std::size_t text_size_;
    const MappedFile& source_;
    Mesh mesh_;
    int dim_ = 0;
    std::int64_t vertices_line_ = 0;
    std::vector<std::int32_t> refs_;
    NodeIdBound nodes_;
    std::vector<std::pair<std::string_view, std::int64_t>> seen_;
};

} // namespace

bool is_medit_mesh(std::string_view text) {
    // Only the head is scanned, so a large METIS mesh costs nothing here.
    TokenReader tokens(text.substr(0, 1 << 16), "", '#');
    std::string_view first;
    return tokens.next(first) && first == "MeshVersionFormatted";
}

Mesh read_medit_mesh(const std::string& path) {
    MappedFile file(path);
    return MeditParser(file, path).parse();
}

} // namespace part::formats
