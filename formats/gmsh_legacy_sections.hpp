#pragma once
// The sections of Gmsh .msh versions 1.0 and 4.0 that differ from 2.2 and 4.1, read into
// gmsh_mesh.cpp's reader (which alone includes this file). A template over that reader, a
// friend of it, so that every version fills the same node table and cell list through the
// same checks, and gives the same Mesh and the same errors.
//
// 4.0 against 4.1 (gmsh's GModelIO_MSH4.cpp of 2018, and the 4.0 manual):
// - $Nodes and $Elements headers hold 'numEntityBlocks count', without the tag range;
// - a block header starts with the entity's tag, then its dimension (4.1: dimension first);
// - a node is one line 'tag x y z' (4.1: the block's tags, then its coordinates);
// - in binary, counts are 8-byte but node and element tags are 4-byte ints (4.1: 8-byte);
// - $Entities gives points a bounding box like the other entities (gmsh_mesh.cpp reads it).
// 1.0 has no $MeshFormat: $NOD holds a count then lines 'id x y z', $ELM a count then lines
// 'id type physical elementary nodeCount node...'; sections end with $ENDNOD and $ENDELM.
#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>

namespace part::formats {

template <typename Reader> class GmshLegacySections {
  public:
    // A section of a 1.0 file, after its '$NAME' line.
    static void read_v1_section(Reader& r, const std::string& section, bool& nodes_seen,
                                bool& elements_seen) {
        if (section == "NOD") {
            if (nodes_seen) r.lines_.fail("a second $NOD section: a Gmsh 1.0 file has one");
            read_v1_nodes(r);
            nodes_seen = true;
        } else if (section == "ELM") {
            if (!nodes_seen) r.lines_.fail("$ELM comes before $NOD");
            read_v1_elements(r);
            elements_seen = true;
        } else
            r.lines_.fail("unexpected section $" + section +
                          " in a Gmsh 1.0 file (it starts with $NOD): expected $NOD or $ELM");
    }

    static void read_nodes_v40(Reader& r) {
        if (r.binary_)
            read_binary_nodes_v40(r);
        else
            read_ascii_nodes_v40(r);
        r.expect_end("Nodes");
        r.index_nodes();
    }

    static void read_elements_v40(Reader& r) {
        if (r.binary_)
            read_binary_elements_v40(r);
        else
            read_ascii_elements_v40(r);
        r.check_unique_element_tags();
        r.expect_end("Elements");
    }

  private:
    static void read_v1_nodes(Reader& r) {
        FieldCursor header(r.data_line("the node count"), r.lines_);
        const std::int64_t total = header.integer("the node count");
        r.reserve_points(total);
        for (std::int64_t i = 0; i < total; ++i) r.read_ascii_node("a node 'id x y z'");
        r.index_nodes();
        r.expect_line("$ENDNOD");
    }

    static void read_v1_elements(Reader& r) {
        FieldCursor header(r.data_line("the element count"), r.lines_);
        const std::int64_t total = header.integer("the element count");
        r.reserve_cells(total);
        for (std::int64_t e = 0; e < total; ++e) {
            FieldCursor fields(
                r.data_line("an element 'id type physical elementary nodeCount node...'"),
                r.lines_);
            const std::int64_t tag = fields.integer("an element id");
            r.add_element_tag(tag, r.lines_);
            const ElementType type =
                element_type_of_gmsh(fields.integer("an element type"), r.lines_);
            const std::int64_t physical = fields.integer("the physical region");
            const std::int64_t entity = fields.integer("the elementary region");
            const std::int64_t nodes = fields.integer("the node count");
            if (nodes != std::int64_t(fields.count_remaining()))
                r.lines_.fail("element " + std::to_string(tag) + " announces " +
                              std::to_string(nodes) + " nodes but the line lists " +
                              std::to_string(fields.count_remaining()));
            r.add_ascii_element(fields, tag, type, "node ids", "a node id",
                                checked_tag(r, physical, "physical region"),
                                checked_tag(r, entity, "elementary region"));
        }
        r.check_unique_element_tags();
        r.expect_line("$ENDELM");
    }

    static std::int32_t checked_tag(const Reader& r, std::int64_t tag, const char* what) {
        if (tag < INT32_MIN || tag > INT32_MAX)
            r.lines_.fail(std::string("the ") + what + " " + std::to_string(tag) +
                          " does not fit in 32 bits");
        return std::int32_t(tag);
    }

    // The header of a 4.0 $Nodes or $Elements section: the block count and the total.
    static std::pair<std::int64_t, std::int64_t> ascii_header_v40(Reader& r, const char* what) {
        FieldCursor header(r.data_line(what), r.lines_);
        const std::int64_t blocks = header.integer("the entity block count");
        const std::int64_t total = header.integer("the total count");
        if (blocks < 0 || std::size_t(blocks) > r.data_.size())
            r.lines_.fail("entity block count " + std::to_string(blocks) + " is out of range");
        return {blocks, total};
    }

    static void read_ascii_nodes_v40(Reader& r) {
        const auto [blocks, total] = ascii_header_v40(r, "'numEntityBlocks numNodes'");
        r.reserve_points(total);
        for (std::int64_t b = 0; b < blocks; ++b) {
            FieldCursor block(r.data_line("a node block 'tagEntity dimEntity parametric numNodes'"),
                              r.lines_);
            block.integer("the block's entity tag");
            block.integer("the block's entity dimension");
            if (block.integer("the block's parametric flag") != 0)
                r.lines_.fail("parametric node coordinates are not supported");
            const std::int64_t n = block.integer("the block's node count");
            for (std::int64_t i = 0; i < n; ++i) r.read_ascii_node("a node 'tag x y z'");
        }
        r.check_node_total(total, r.lines_);
    }

    static void read_binary_nodes_v40(Reader& r) {
        BinaryCursor bin(r.data_, r.lines_.offset(), r.lines_, "$Nodes");
        const std::int64_t blocks = r.count(bin, "the node block count");
        const std::int64_t total = r.count(bin, "the node count");
        r.reserve_points(total);
        for (std::int64_t b = 0; b < blocks; ++b) {
            bin.get<std::int32_t>("the block's entity tag");
            bin.get<std::int32_t>("the block's entity dimension");
            const auto parametric = bin.get<std::int32_t>("the block's parametric flag");
            const std::int64_t n = r.count(bin, "the block's node count");
            if (parametric != 0) bin.fail("parametric node coordinates are not supported");
            r.add_node_records(bin.take(std::size_t(n) * Reader::kNodeRecord, "the block's nodes"),
                               n);
        }
        r.check_node_total(total, bin);
        r.lines_.seek(bin.pos());
    }

    static void read_ascii_elements_v40(Reader& r) {
        const auto [blocks, total] = ascii_header_v40(r, "'numEntityBlocks numElements'");
        r.reserve_cells(total);
        std::int64_t seen = 0;
        for (std::int64_t b = 0; b < blocks; ++b) {
            FieldCursor block(
                r.data_line("an element block 'tagEntity dimEntity typeEle numElements'"),
                r.lines_);
            const auto entity = checked_tag(r, block.integer("the block's entity tag"), "entity");
            const auto dim = block.integer("the block's entity dimension");
            const ElementType type =
                element_type_of_gmsh(block.integer("the block's element type"), r.lines_);
            const std::int64_t n = block.integer("the block's element count");
            r.read_ascii_block(n, type, r.physical_of(int(dim), entity), entity);
            seen += std::max<std::int64_t>(n, 0);
        }
        r.check_element_total(total, seen, r.lines_);
    }

    static void read_binary_elements_v40(Reader& r) {
        BinaryCursor bin(r.data_, r.lines_.offset(), r.lines_, "$Elements");
        const std::int64_t blocks = r.count(bin, "the element block count");
        const std::int64_t total = r.count(bin, "the element count");
        r.reserve_cells(total);
        std::int64_t seen = 0;
        for (std::int64_t b = 0; b < blocks; ++b) {
            const auto entity = bin.get<std::int32_t>("the block's entity tag");
            const auto dim = bin.get<std::int32_t>("the block's entity dimension");
            const ElementType type =
                element_type_of_gmsh(bin.get<std::int32_t>("the block's element type"), bin);
            const std::int64_t n = r.count(bin, "the block's element count");
            r.template read_binary_block<std::int32_t>(bin, n, type, r.physical_of(dim, entity),
                                                       entity);
            seen += n;
        }
        r.check_element_total(total, seen, bin);
        r.lines_.seek(bin.pos());
    }
};

} // namespace part::formats
