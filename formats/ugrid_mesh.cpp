#include "formats/ugrid_mesh.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <climits>
#include <cstring>
#include <filesystem>

#include "formats/mapped_file.hpp"
#include "formats/token_reader.hpp"
#include "formats/wedge_order.hpp"
#include "libpart/mesh/mesh.hpp"

namespace part::formats {

namespace {

// How a binary UGRID file stores its numbers.
struct BinaryLayout {
    std::string_view suffix;
    bool big_endian;
    int real_bytes, integer_bytes;
    bool fortran; // record lengths around the counts and before the rest
};
constexpr BinaryLayout kBinaryLayouts[] = {
    {"b8", true, 8, 4, false},   {"b4", true, 4, 4, false},   {"b8l", true, 8, 8, false},
    {"lb8", false, 8, 4, false}, {"lb4", false, 4, 4, false}, {"lb8l", false, 8, 8, false},
    {"r8", true, 8, 4, true},    {"r4", true, 4, 4, true},    {"lr8", false, 8, 4, true},
    {"lr4", false, 4, 4, true}};

const BinaryLayout* binary_layout(const std::string& encoding) {
    const BinaryLayout* layout = std::ranges::find(kBinaryLayouts, encoding, &BinaryLayout::suffix);
    return layout == std::end(kBinaryLayouts) ? nullptr : layout;
}

// The numbers of an ASCII file, with the line of each for errors.
class TextNumbers {
  public:
    TextNumbers(std::string_view text, const std::string& name)
        : tokens_(text, name, '\0'), size_(text.size()) {}
    std::int64_t integer(const std::string& what) { return tokens_.number<std::int64_t>(what); }
    double real(const std::string& what) { return tokens_.number<double>(what); }
    // Whether `count` more numbers of this kind can fit in the rest of the file.
    bool can_hold(std::int64_t count, bool /*real*/) const {
        return std::uint64_t(count) <= (size_ - tokens_.offset()) / 2 + 1;
    }
    void begin_record() {}
    void end_record() {}
    [[noreturn]] void fail(const std::string& message) const { tokens_.fail(message); }

  private:
    TokenReader tokens_;
    std::size_t size_;
};

// The numbers of a binary file in `layout`.
class BinaryNumbers {
  public:
    BinaryNumbers(std::string_view bytes, const std::string& name, const BinaryLayout& layout)
        : bytes_(bytes), name_(name), layout_(layout) {}
    std::int64_t integer(const std::string& what) {
        return layout_.integer_bytes == 8 ? read<std::int64_t>(what) : read<std::int32_t>(what);
    }
    double real(const std::string& what) {
        return layout_.real_bytes == 8 ? read<double>(what) : double(read<float>(what));
    }
    bool can_hold(std::int64_t count, bool real) const {
        const int size = real ? layout_.real_bytes : layout_.integer_bytes;
        return std::uint64_t(count) <= (bytes_.size() - at_) / std::size_t(size);
    }
    // Fortran's record length, which says nothing the counts do not.
    void begin_record() {
        if (layout_.fortran) read<std::int32_t>("a Fortran record length");
    }
    void end_record() { begin_record(); }
    [[noreturn]] void fail(const std::string& message) const {
        throw InputError(name_, 0, "at byte " + std::to_string(at_) + ": " + message);
    }

  private:
    template <typename T> T read(const std::string& what) {
        if (bytes_.size() - at_ < sizeof(T)) fail("file ends where " + what + " was expected");
        std::array<char, sizeof(T)> raw;
        std::memcpy(raw.data(), bytes_.data() + at_, sizeof(T));
        if (layout_.big_endian != (std::endian::native == std::endian::big))
            std::reverse(raw.begin(), raw.end());
        at_ += sizeof(T);
        T value;
        std::memcpy(&value, raw.data(), sizeof(T));
        return value;
    }

    std::string_view bytes_;
    const std::string& name_;
    const BinaryLayout& layout_;
    std::size_t at_ = 0;
};

struct Block {
    const char* name; // for errors: "tetrahedron"
    CellType type;
};
// The element blocks after the nodes, in file order (boundary faces first).
constexpr Block kBlocks[] = {{"boundary triangle", CellType::Triangle},
                             {"boundary quadrilateral", CellType::Quadrilateral},
                             {"tetrahedron", CellType::Tetrahedron},
                             {"pyramid", CellType::Pyramid},
                             {"prism", CellType::Wedge},
                             {"hexahedron", CellType::Hexahedron}};

template <typename Numbers> class UgridParser {
  public:
    explicit UgridParser(Numbers& numbers) : numbers_(numbers) {}

    Mesh parse() {
        numbers_.begin_record();
        nodes_ = count("the node count");
        std::array<std::int64_t, 6> elements{};
        for (std::size_t b = 0; b < elements.size(); ++b)
            elements[b] = count(std::string("the count of each ") + kBlocks[b].name);
        numbers_.end_record();
        numbers_.begin_record();
        check_size(elements);
        read_points();
        for (std::size_t b = 0; b < 2; ++b) read_block(kBlocks[b], elements[b]);
        const std::int64_t faces = elements[0] + elements[1];
        for (std::int64_t f = 0; f < faces; ++f)
            tags_[std::size_t(f)] = std::int32_t(
                numbers_.integer("the surface id of boundary face " + std::to_string(f + 1)));
        for (std::size_t b = 2; b < elements.size(); ++b) read_block(kBlocks[b], elements[b]);
        mesh_.cell_data.push_back(MeshArray::from_values(kPhysicalTagArray, 1, tags_));
        set_dimension_from_points(mesh_);
        return std::move(mesh_);
    }

  private:
    // A count in the header, within what 32-bit ids allow.
    std::int64_t count(const std::string& what) {
        const std::int64_t n = numbers_.integer(what);
        if (n < 0 || n > INT32_MAX - 1)
            numbers_.fail(what + " " + std::to_string(n) + " is out of range 0..2^31 - 2");
        return n;
    }

    // The counts must fit in the file, so a corrupted one costs no memory.
    void check_size(const std::array<std::int64_t, 6>& elements) {
        if (!numbers_.can_hold(3 * nodes_, true))
            numbers_.fail("the node count " + std::to_string(nodes_) +
                          " is more than the file holds");
        std::int64_t integers = elements[0] + elements[1]; // the surface ids
        for (std::size_t b = 0; b < elements.size(); ++b)
            integers += elements[b] * cell_num_nodes(kBlocks[b].type);
        if (!numbers_.can_hold(integers, false))
            numbers_.fail("the element counts need " + std::to_string(integers) +
                          " node ids and surface ids, more than the file holds");
    }

    void read_points() {
        mesh_.points.reserve(std::size_t(nodes_) * 3);
        for (std::int64_t p = 0; p < nodes_; ++p)
            for (int a = 0; a < 3; ++a)
                mesh_.points.push_back(
                    numbers_.real("a coordinate of node " + std::to_string(p + 1)));
        mesh_.point_count = PointId(nodes_);
    }

    void read_block(const Block& block, std::int64_t n) {
        if (std::int64_t(mesh_.num_cells()) + n > INT32_MAX - 1)
            numbers_.fail("more than 2^31 - 2 elements");
        const int size = cell_num_nodes(block.type);
        PointId nodes[kMaxCellNodes];
        for (std::int64_t e = 0; e < n; ++e) {
            for (int k = 0; k < size; ++k) {
                const std::int64_t id = numbers_.integer(std::string("a node id of ") + block.name +
                                                         " " + std::to_string(e + 1));
                if (id < 1 || id > nodes_)
                    numbers_.fail("node id " + std::to_string(id) + " of " + block.name + " " +
                                  std::to_string(e + 1) + " is out of range 1.." +
                                  std::to_string(nodes_));
                nodes[k] = PointId(id - 1);
            }
            if (block.type == CellType::Pyramid) ugrid_pyramid_to_vtk(nodes);
            if (block.type == CellType::Wedge) counter_clockwise_wedge_to_vtk(nodes);
            mesh_.add_cell(block.type, {nodes, std::size_t(size)});
            tags_.push_back(0);
        }
    }

    // UG_IO lists a pyramid's base as nodes 2, 1, 4, 5 (its quadrilateral turned the other way
    // from VTK's) and the apex third.
    static void ugrid_pyramid_to_vtk(PointId* nodes) {
        const PointId ugrid[5] = {nodes[0], nodes[1], nodes[2], nodes[3], nodes[4]};
        const int from[5] = {1, 0, 3, 4, 2};
        for (int k = 0; k < 5; ++k) nodes[k] = ugrid[from[k]];
    }

    Numbers& numbers_;
    Mesh mesh_;
    std::int64_t nodes_ = 0;
    std::vector<std::int32_t> tags_;
};

} // namespace

std::string ugrid_encoding(const std::string& path) {
    const std::filesystem::path stem = std::filesystem::path(path).stem();
    const std::string suffix = stem.extension().string();
    return suffix.size() > 1 && binary_layout(suffix.substr(1)) ? suffix.substr(1) : "";
}

Mesh read_ugrid_mesh(const std::string& path) {
    MappedFile file(path);
    if (const BinaryLayout* layout = binary_layout(ugrid_encoding(path))) {
        BinaryNumbers numbers(file.text(), path, *layout);
        return UgridParser<BinaryNumbers>(numbers).parse();
    }
    TextNumbers numbers(file.text(), path);
    return UgridParser<TextNumbers>(numbers).parse();
}

} // namespace part::formats
