#include "formats/su2_mesh.hpp"

#include <algorithm>

#include "formats/line_reader.hpp"
#include "formats/mapped_file.hpp"
#include "formats/node_id_bound.hpp"

namespace part::formats {

namespace {

// VTK's cell type ids, which SU2 uses, of the linear cells.
struct Su2Type {
    std::int64_t id;
    CellType type;
};
constexpr Su2Type kSu2Types[] = {{3, CellType::Line},          {5, CellType::Triangle},
                                 {9, CellType::Quadrilateral}, {10, CellType::Tetrahedron},
                                 {12, CellType::Hexahedron},   {13, CellType::Wedge},
                                 {14, CellType::Pyramid}};

// A section line "KEY= value".
struct Section {
    std::string_view key;
    std::string_view value;
};

// The shortest element or point line: a one-digit token and a newline.
constexpr std::size_t kMinLineBytes = 2;

class Su2Parser {
  public:
    Su2Parser(const MappedFile& source, const std::string& name)
        : lines_(source.text(), name), text_size_(source.text().size()), source_(source) {}

    Mesh parse() {
        std::string_view line;
        if (!lines_.next_filled(line)) lines_.fail("empty file: expected 'NDIME= 2' or 'NDIME= 3'");
        Section s = section(line);
        while (s.key == "NZONE" || s.key == "IZONE") {
            if (const std::int64_t n = count(s, "the zone"); n != 1)
                lines_.fail(std::string(s.key) + "= " + std::to_string(n) +
                            ": multizone SU2 meshes are not supported; write one file per zone");
            if (!lines_.next_filled(line)) lines_.fail("file ends before 'NDIME='");
            s = section(line);
        }
        if (s.key != "NDIME")
            lines_.fail("expected 'NDIME= 2' or 'NDIME= 3' first, found '" + std::string(s.key) +
                        "='");
        dim_ = int(count(s, "the dimension"));
        if (dim_ != 2 && dim_ != 3)
            lines_.fail("NDIME= " + std::to_string(dim_) + ": expected 2 or 3");
        mesh_.dim = dim_;
        while (lines_.next_filled(line)) read_section(section(line));
        if (elements_line_ == 0) lines_.fail("file ends without an 'NELEM=' section");
        if (points_line_ == 0) lines_.fail("file ends without an 'NPOIN=' section");
        nodes_.check(0, mesh_.point_count, lines_.file(),
                     "NPOIN= " + std::to_string(mesh_.point_count) + " (line " +
                         std::to_string(points_line_) + ")");
        if (markers_line_ != 0)
            mesh_.cell_data.push_back(MeshArray::from_values(kPhysicalTagArray, 1, tags_));
        return std::move(mesh_);
    }

  private:
    Section section(std::string_view line) const {
        const std::size_t eq = line.find('=');
        if (eq == std::string_view::npos)
            lines_.fail("expected a section 'NELEM=', 'NPOIN=' or 'NMARK=', found '" +
                        std::string(trimmed(line)) + "'");
        return {trimmed(line.substr(0, eq)), trimmed(line.substr(eq + 1))};
    }

    // The section's value as a count: one non-negative integer.
    std::int64_t count(const Section& s, const char* what) const {
        const auto value = parse_whole<std::int64_t>(s.value);
        if (!value || *value < 0)
            lines_.fail("expected " + std::string(what) + " after '" + std::string(s.key) +
                        "=' (a non-negative integer), found '" + std::string(s.value) + "'");
        return *value;
    }

    // A count of elements or points, which must fit 32-bit ids.
    std::int64_t id_count(const Section& s, const char* what) const {
        const std::int64_t n = count(s, what);
        if (n > INT32_MAX - 1)
            lines_.fail(std::string(s.key) + "= " + std::to_string(n) +
                        " is too large for 32-bit ids");
        return n;
    }

    void read_section(const Section& s) {
        if (s.key == "NELEM")
            once(elements_line_, s), read_elements(id_count(s, "the element count"));
        else if (s.key == "NPOIN")
            once(points_line_, s), read_points(s);
        else if (s.key == "NMARK")
            once(markers_line_, s), read_markers(count(s, "the marker count"));
        else
            lines_.fail("unknown section '" + std::string(s.key) +
                        "=': expected NELEM=, NPOIN= or NMARK= (NDIME= comes first)");
    }

    void once(std::int64_t& seen_line, const Section& s) const {
        if (seen_line != 0)
            lines_.fail("a second '" + std::string(s.key) + "=' section (the first is on line " +
                        std::to_string(seen_line) + ")");
        seen_line = lines_.line_number();
    }

    // The next line of a section announcing `n` `what`s, of which `k` were read.
    std::string_view item_line(std::int64_t k, std::int64_t n, const char* what,
                               std::int64_t section_line) {
        std::string_view line;
        if (!lines_.next_filled(line))
            lines_.fail("file ends after " + std::to_string(k) + " of the " + std::to_string(n) +
                        " " + what + " announced on line " + std::to_string(section_line));
        if (line.find('=') != std::string_view::npos)
            lines_.fail("section '" + std::string(trimmed(line)) + "' after " + std::to_string(k) +
                        " of the " + std::to_string(n) + " " + what + " announced on line " +
                        std::to_string(section_line));
        return line;
    }

    // One element line: its type, which must have dimension `dim`, and its node ids into
    // `nodes`. An element index may follow the nodes when `indexed`.
    CellType element(std::string_view line, int dim, bool indexed, PointId* nodes) {
        FieldCursor fields(line, lines_);
        const std::int64_t id = fields.integer("a VTK cell type id");
        const Su2Type* su2 = std::ranges::find(kSu2Types, id, &Su2Type::id);
        if (su2 == std::end(kSu2Types))
            lines_.fail("unknown element type " + std::to_string(id) +
                        ": expected a VTK type id, 3 (line), 5 (triangle), 9 (quadrilateral), 10 "
                        "(tetrahedron), 12 (hexahedron), 13 (prism) or 14 (pyramid)");
        const CellType type = su2->type;
        if (cell_dimension(type) != dim)
            lines_.fail(
                std::string("a ") + cell_name(type) + " (" + std::to_string(cell_dimension(type)) +
                "D) where " + std::to_string(dim) + "D elements are expected" +
                (dim == dim_
                     ? " (NDIME= " + std::to_string(dim_) + ")"
                     : " (a marker holds the boundary of the " + std::to_string(dim_) + "D mesh)"));
        const std::size_t expected = std::size_t(cell_num_nodes(type));
        const std::size_t found = fields.count_remaining();
        if (found != expected && !(indexed && found == expected + 1))
            lines_.fail(std::string("a ") + cell_name(type) + " has " + std::to_string(expected) +
                        " node ids" + (indexed ? " and an optional element index" : "") +
                        ", found " + std::to_string(found) + " fields after the type");
        for (std::size_t k = 0; k < expected; ++k) {
            const std::int64_t node = fields.integer("a node id");
            if (node < 0 || node > INT32_MAX)
                lines_.fail("node id " + std::to_string(node) +
                            " is out of range: SU2 node ids start at 0");
            nodes_.see(node, lines_.line_number());
            nodes[k] = PointId(node);
        }
        return type;
    }

    void read_elements(std::int64_t n) {
        const std::int64_t section_line = lines_.line_number();
        const std::size_t bound = std::min(std::size_t(n), text_size_ / kMinLineBytes + 1);
        mesh_.cell_types.reserve(bound);
        mesh_.cell_offsets.reserve(bound + 1);
        PointId nodes[kMaxCellNodes];
        for (std::int64_t e = 0; e < n; ++e) {
            const CellType type =
                element(item_line(e, n, "elements", section_line), dim_, true, nodes);
            mesh_.add_cell(type, {nodes, std::size_t(cell_num_nodes(type))});
            tags_.push_back(0);
            release();
        }
    }

    void read_points(const Section& s) {
        FieldCursor fields(s.value, lines_);
        const std::int64_t n = fields.integer("the point count");
        std::int64_t domain = n;
        fields.next_integer(domain, "the count of domain points");
        if (n < 0 || n > INT32_MAX - 1)
            lines_.fail("NPOIN= " + std::to_string(n) + " is out of range 0.." +
                        std::to_string(INT32_MAX - 1));
        if (domain < 0 || domain > n || !fields.at_end())
            lines_.fail(
                "expected 'NPOIN= n' or 'NPOIN= n domain' with domain <= n, found 'NPOIN= " +
                std::string(s.value) + "'");
        const std::int64_t section_line = lines_.line_number();
        mesh_.points.reserve(std::min(std::size_t(n), text_size_ / kMinLineBytes + 1) *
                             std::size_t(dim_));
        for (std::int64_t p = 0; p < n; ++p) {
            FieldCursor point(item_line(p, n, "points", section_line), lines_);
            const std::size_t found = point.count_remaining();
            if (found != std::size_t(dim_) && found != std::size_t(dim_) + 1)
                lines_.fail("a point has " + std::to_string(dim_) +
                            " coordinates and an optional index, found " + std::to_string(found) +
                            " fields");
            for (int a = 0; a < dim_; ++a) mesh_.points.push_back(point.real("a coordinate"));
            release();
        }
        mesh_.point_count = PointId(n);
    }

    // Marker m's elements become cells tagged m + 1, the physical group named by MARKER_TAG.
    void read_markers(std::int64_t n) {
        const std::int64_t section_line = lines_.line_number();
        PointId nodes[kMaxCellNodes];
        for (std::int64_t m = 0; m < n; ++m) {
            const Section tag = marker_section(m, n, section_line, "MARKER_TAG");
            if (tag.value.empty()) lines_.fail("expected the marker's name after 'MARKER_TAG='");
            const Section elems = marker_section(m, n, section_line, "MARKER_ELEMS");
            const std::int64_t k = count(elems, "the marker's element count");
            const std::int64_t elems_line = lines_.line_number();
            const auto physical = std::int32_t(m + 1);
            mesh_.physical_groups.push_back({dim_ - 1, physical, std::string(tag.value)});
            for (std::int64_t e = 0; e < k; ++e) {
                const CellType type =
                    element(item_line(e, k, "marker elements", elems_line), dim_ - 1, false, nodes);
                mesh_.add_cell(type, {nodes, std::size_t(cell_num_nodes(type))});
                tags_.push_back(physical);
                release();
            }
        }
    }

    // Marker m's line `key=` (MARKER_TAG or MARKER_ELEMS).
    Section marker_section(std::int64_t m, std::int64_t n, std::int64_t section_line,
                           std::string_view key) {
        std::string_view line;
        if (!lines_.next_filled(line))
            lines_.fail("file ends after " + std::to_string(m) + " of the " + std::to_string(n) +
                        " markers announced on line " + std::to_string(section_line));
        const std::size_t eq = line.find('=');
        if (eq == std::string_view::npos || trimmed(line.substr(0, eq)) != key)
            lines_.fail("expected '" + std::string(key) + "=' for marker " + std::to_string(m + 1) +
                        " of the " + std::to_string(n) + " announced on line " +
                        std::to_string(section_line) + ", found '" + std::string(trimmed(line)) +
                        "'");
        return {key, trimmed(line.substr(eq + 1))};
    }

    void release() const { source_.release_parsed(lines_.offset()); }

    LineReader lines_;
    std::size_t text_size_;
    const MappedFile& source_;
    Mesh mesh_;
    int dim_ = 0;
    std::vector<std::int32_t> tags_; // per cell: 0 for an element, m + 1 in marker m
    NodeIdBound nodes_;
    std::int64_t elements_line_ = 0, points_line_ = 0, markers_line_ = 0;
};

} // namespace

Mesh read_su2_mesh(const std::string& path) {
    MappedFile file(path);
    return Su2Parser(file, path).parse();
}

} // namespace part::formats
