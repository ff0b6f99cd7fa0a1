#include "formats/mfem_mesh.hpp"

#include <vector>

#include "formats/mapped_file.hpp"
#include "formats/node_id_bound.hpp"
#include "formats/token_reader.hpp"
#include "formats/wedge_order.hpp"
#include "libpart/mesh/mesh.hpp"

namespace part::formats {

namespace {

// MFEM's Geometry::Type codes, in order.
constexpr CellType kGeometries[] = {
    CellType::Vertex,      CellType::Line,       CellType::Triangle, CellType::Quadrilateral,
    CellType::Tetrahedron, CellType::Hexahedron, CellType::Wedge,    CellType::Pyramid};

class MfemParser {
  public:
    MfemParser(std::string_view text, const std::string& name) : tokens_(text, name, '#') {}

    Mesh parse() {
        read_header();
        std::string_view keyword;
        while (tokens_.next(keyword) && keyword != "mfem_mesh_end" &&
               keyword != "mfem_serial_mesh_end")
            read_section(keyword);
        if (vertices_ < 0) tokens_.fail("file ends without a 'vertices' section");
        if (mesh_.num_cells() == 0) tokens_.fail("file ends without elements");
        vertex_ids_.check(0, vertices_, tokens_.file(), "vertices " + std::to_string(vertices_));
        mesh_.point_count = PointId(vertices_);
        mesh_.cell_data.push_back(MeshArray::from_values(kPhysicalTagArray, 1, tags_));
        set_dimension_from_points(mesh_);
        return std::move(mesh_);
    }

  private:
    void read_header() {
        std::string_view word[3];
        for (auto& w : word)
            if (!tokens_.next(w)) tokens_.fail("file ends in the header 'MFEM mesh v1.0'");
        if (word[0] != "MFEM") tokens_.fail("expected 'MFEM mesh v1.x' first");
        if (word[1] != "mesh")
            tokens_.fail("MFEM " + std::string(word[1]) +
                         " meshes are not read: expected a conforming 'MFEM mesh v1.x' (save it "
                         "from MFEM with Mesh::Print after removing the nonconformity or NURBS)");
        if (!(word[2] == "v1.0" || word[2] == "v1.1" || word[2] == "v1.2" || word[2] == "v1.3"))
            tokens_.fail("MFEM mesh version " + std::string(word[2]) + ": expected v1.0 to v1.3");
    }

    void read_section(std::string_view keyword) {
        if (keyword == "dimension")
            tokens_.number<int>("the dimension");
        else if (keyword == "elements")
            read_elements("elements");
        else if (keyword == "boundary")
            read_elements("boundary elements");
        else if (keyword == "vertices")
            read_vertices();
        else if (keyword == "attribute_sets" || keyword == "bdr_attribute_sets")
            skip_sets(keyword);
        else
            tokens_.fail("unknown section '" + std::string(keyword) +
                         "': expected dimension, elements, boundary, vertices or nodes");
    }

    std::int64_t count(const std::string& what) {
        const auto n = tokens_.number<std::int64_t>(what);
        if (n < 0 || n > INT32_MAX - 1)
            tokens_.fail(what + " " + std::to_string(n) + " is out of range 0..2^31 - 2");
        return n;
    }

    void read_elements(const std::string& what) {
        const std::int64_t n = count("the count of " + what);
        PointId nodes[kMaxCellNodes];
        for (std::int64_t e = 0; e < n; ++e) {
            const std::string which = " of " + what + " entry " + std::to_string(e + 1);
            const auto attribute = tokens_.number<std::int32_t>("the attribute" + which);
            const auto geometry = tokens_.number<int>("the geometry" + which);
            if (geometry < 0 || geometry > 7)
                tokens_.fail("geometry " + std::to_string(geometry) + which +
                             ": expected 0 (point) to 7 (pyramid)");
            const CellType type = kGeometries[geometry];
            for (int k = 0; k < cell_num_nodes(type); ++k) {
                const auto id = tokens_.number<std::int64_t>("a vertex id" + which);
                if (id < 0 || id > INT32_MAX - 1)
                    tokens_.fail("vertex id " + std::to_string(id) + which + " is out of range");
                vertex_ids_.see(id, tokens_.line());
                nodes[k] = PointId(id);
            }
            if (type == CellType::Wedge) counter_clockwise_wedge_to_vtk(nodes);
            mesh_.add_cell(type, {nodes, std::size_t(cell_num_nodes(type))});
            tags_.push_back(attribute);
        }
    }

    void read_vertices() {
        vertices_ = count("the vertex count");
        std::string_view next;
        if (!tokens_.next(next)) tokens_.fail("file ends after the vertex count");
        if (next == "nodes") return read_nodes();
        const auto dim = parse_whole<int>(next);
        if (!dim || *dim < 1 || *dim > 3)
            tokens_.fail("expected the coordinates' dimension 1 to 3 or 'nodes', found '" +
                         std::string(next) + "'");
        mesh_.points.reserve(std::size_t(vertices_) * 3);
        for (std::int64_t v = 0; v < vertices_; ++v)
            for (int a = 0; a < 3; ++a)
                mesh_.points.push_back(
                    a < *dim ? tokens_.number<double>("a coordinate of vertex " + std::to_string(v))
                             : 0.0);
    }

    // The vertices' coordinates from the mesh's nodal GridFunction: its first degrees of freedom.
    void read_nodes() {
        expect("FiniteElementSpace");
        expect("FiniteElementCollection:");
        std::string_view collection;
        tokens_.next(collection);
        if (!(collection.starts_with("H1_") || collection == "Linear" ||
              collection == "Quadratic" || collection == "Cubic"))
            tokens_.fail("nodes in the " + std::string(collection) +
                         " collection are not read: expected an H1 collection, whose first "
                         "degrees of freedom are the vertices");
        expect("VDim:");
        const int vdim = tokens_.number<int>("the nodes' VDim");
        expect("Ordering:");
        const int ordering = tokens_.number<int>("the nodes' Ordering");
        if (vdim < 1 || vdim > 3 || (ordering != 0 && ordering != 1))
            tokens_.fail("expected VDim 1 to 3 and Ordering 0 or 1");
        std::vector<double> values;
        std::string_view token;
        while (tokens_.next(token) && token != "mfem_mesh_end")
            values.push_back(tokens_.number<double>(token, "a node coordinate"));
        const std::size_t dofs = values.size() / std::size_t(vdim);
        if (values.size() % std::size_t(vdim) != 0 || dofs < std::size_t(vertices_))
            tokens_.fail("the nodes hold " + std::to_string(values.size()) +
                         " values: expected VDim times at least the vertex count");
        for (std::size_t v = 0; v < std::size_t(vertices_); ++v)
            for (std::size_t a = 0; a < 3; ++a)
                mesh_.points.push_back(a >= std::size_t(vdim) ? 0.0
                                       : ordering == 0        ? values[a * dofs + v]
                                                              : values[v * std::size_t(vdim) + a]);
    }

    void expect(std::string_view word) {
        std::string_view token;
        if (!tokens_.next(token) || token != word)
            tokens_.fail("expected '" + std::string(word) + "' in the nodes section");
    }

    // Entries 'name k a1 ... ak' (the name quoted when it has spaces): named groups of
    // attributes, which no cell array holds.
    void skip_sets(std::string_view keyword) {
        const std::int64_t n = count("the count of " + std::string(keyword));
        for (std::int64_t s = 0; s < n; ++s) {
            std::string_view token;
            if (!tokens_.next(token))
                tokens_.fail("expected a set name in " + std::string(keyword));
            const bool quoted = token.front() == '"';
            while (quoted && (token.size() < 2 || token.back() != '"'))
                if (!tokens_.next(token)) tokens_.fail("file ends inside a set name");
            const std::int64_t k = count("the set's attribute count");
            for (std::int64_t i = 0; i < k; ++i) tokens_.number<std::int64_t>("an attribute");
        }
    }

    TokenReader tokens_;
    Mesh mesh_;
    std::vector<std::int32_t> tags_;
    std::int64_t vertices_ = -1;
    NodeIdBound vertex_ids_;
};

} // namespace

Mesh read_mfem_mesh(const std::string& path) {
    MappedFile file(path);
    return MfemParser(file.text(), path).parse();
}

} // namespace part::formats
